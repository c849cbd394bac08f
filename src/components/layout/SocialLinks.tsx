/** @jsxImportSource theme-ui */
import { fillTemplate } from "../../signup/template"
import { SocialIcon } from "../shared/SocialIcon"

interface SocialLinksProps {
  brand: string
  social: ReadonlyArray<{ network: string; url: string }>
  /** Each link's name, with "{brand}" and "{network}": "Block 94 on TikTok (opens in a new tab)". */
  linkLabel: string
}

/** The brand's social accounts, each a round link with its mark, opening in a new tab. */
export const SocialLinks = ({ brand, social, linkLabel }: SocialLinksProps) => (
  <ul sx={{ listStyle: "none", p: 0, m: 0, display: "flex", gap: 2 }}>
    {social.map(({ network, url }) => (
      <li key={network}>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={fillTemplate(linkLabel, { brand, network })}
          sx={{ variant: "buttons.icon", borderColor: "border" }}
        >
          <SocialIcon network={network} />
        </a>
      </li>
    ))}
  </ul>
)
