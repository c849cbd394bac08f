/** @jsxImportSource theme-ui */
import { graphql, type PageProps } from "gatsby"
import { ContactDetails } from "../components/contact/ContactDetails"
import { ContactForm } from "../components/forms/ContactForm"
import { EmailLink } from "../components/shared/EmailLink"
import { HydrateLater, StaticMarkup } from "../components/shared/Hydration"
import { PageIntro } from "../components/shared/PageIntro"
import { sideBySide } from "../components/shared/styles"
import { useSiteContent } from "../hooks/use-site-content"
import { fillTemplate } from "../signup/template"

const ContactPage = ({ data }: PageProps<Queries.ContactPageQuery>) => {
  const site = useSiteContent()
  const page = data.page!
  return (
    <>
      <StaticMarkup>
        <PageIntro heading={page.intro.heading} paragraphs={[page.intro.text]} />
      </StaticMarkup>
      <div
        sx={{
          variant: "layout.container",
          py: [6, 7],
          ...sideBySide("1fr 1.4fr"),
          gap: [6, 7],
          alignItems: "start",
        }}
      >
        <StaticMarkup>
          <ContactDetails
            {...page.details}
            generalEmail={site.emails.general}
            businessEmail={site.emails.business}
            responseText={fillTemplate(page.details.responseText, { responseTime: site.responseTime })}
          />
        </StaticMarkup>
        <HydrateLater>
          <section aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading" sx={{ variant: "text.heading", fontSize: [4, 5], mb: 2 }}>
              {page.form.heading}
            </h2>
            <p sx={{ color: "subtle", mb: 4 }}>{page.form.text}</p>
            <ContactForm to={site.emails.general} responseTime={site.responseTime} />
            <p sx={{ mt: 4, color: "subtle" }}>
              {page.form.fallbackText} <EmailLink email={site.emails.general} />.
            </p>
          </section>
        </HydrateLater>
      </div>
    </>
  )
}

export default ContactPage

export { ContactPageHead as Head } from "../components/PageHead"

export const query = graphql`
  query ContactPage {
    page: contactJson {
      seo {
        ...PageSeo
      }
      intro {
        heading
        text
      }
      details {
        heading
        generalLabel
        businessLabel
        responseLabel
        responseText
      }
      form {
        heading
        text
        fallbackText
      }
    }
  }
`
