/** @jsxImportSource theme-ui */
import { graphql, type PageProps } from "gatsby"
import { SignupSection } from "../components/forms/SignupSection"
import { CardGrid } from "../components/shared/CardGrid"
import { HydrateLater, StaticMarkup } from "../components/shared/Hydration"
import { JoinDropButton } from "../components/shared/JoinDropButton"
import { PageIntro } from "../components/shared/PageIntro"
import { Section } from "../components/shared/Section"

const AboutPage = ({ data }: PageProps<Queries.AboutPageQuery>) => {
  const page = data.page!
  return (
    <>
      <StaticMarkup>
        <PageIntro heading={page.intro.heading} paragraphs={page.intro.paragraphs} />
        <Section heading={page.values.heading} tone="surface">
          <CardGrid cards={data.valuesJson?.values ?? []} />
        </Section>
      </StaticMarkup>
      <HydrateLater>
        <Section heading={page.story.heading}>
          <div sx={{ maxWidth: 760, display: "grid", gap: 3, fontSize: [2, 3], mb: 5 }}>
            {page.story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <JoinDropButton label={page.story.buttonLabel} />
        </Section>
      </HydrateLater>
      <HydrateLater>
        <SignupSection {...page.signup} />
      </HydrateLater>
    </>
  )
}

export default AboutPage

export { AboutPageHead as Head } from "../components/PageHead"

export const query = graphql`
  query AboutPage {
    page: aboutJson {
      seo {
        ...PageSeo
      }
      intro {
        heading
        paragraphs
      }
      values {
        heading
      }
      story {
        heading
        paragraphs
        buttonLabel
      }
      signup {
        heading
        text
        socialProof
      }
    }
    valuesJson {
      values {
        icon
        title
        description
      }
    }
  }
`
