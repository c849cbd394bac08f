/**
 * The one layout every email uses, built from React Email's components (tables that Outlook
 * lays out, a button whose padding Outlook keeps, a preheader) and rendered on the server with
 * react-dom. Written with createElement rather than JSX: the Gatsby Functions bundler compiles
 * `.ts` only. The brand is dark, and the email says so (`color-scheme: dark`), so clients that
 * honour it leave the colours alone instead of inverting them; every colour is the theme's.
 */
import { Body } from "@react-email/body"
import { Button } from "@react-email/button"
import { Container } from "@react-email/container"
import { Head } from "@react-email/head"
import { Heading } from "@react-email/heading"
import { Hr } from "@react-email/hr"
import { Html } from "@react-email/html"
import { Link } from "@react-email/link"
import { Preview } from "@react-email/preview"
import { Section } from "@react-email/section"
import { Text } from "@react-email/text"
import { convert } from "html-to-text"
import { createElement as h, type CSSProperties } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import theme from "../../../theme"

const color = (name: string): string => String(theme.colors?.[name] ?? "")

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

const styles = {
  body: { margin: 0, padding: "24px 0", backgroundColor: color("background"), color: color("text"), fontFamily: FONT },
  container: { maxWidth: "560px", padding: "0 20px" },
  brand: { margin: "0 0 24px", fontSize: "14px", fontWeight: 700, letterSpacing: "0.08em", textTransform: "uppercase", color: color("primary") },
  heading: { margin: "0 0 16px", fontSize: "28px", lineHeight: "32px", fontWeight: 800, textTransform: "uppercase", color: color("text") },
  text: { margin: "0 0 24px", fontSize: "16px", lineHeight: "26px", color: color("text") },
  button: {
    backgroundColor: color("primary"),
    color: color("onPrimary"),
    borderRadius: "999px",
    padding: "14px 24px",
    fontSize: "15px",
    fontWeight: 700,
    letterSpacing: "0.04em",
    textTransform: "uppercase",
    textDecoration: "none",
  },
  small: { margin: "0 0 16px", fontSize: "14px", lineHeight: "22px", color: color("subtle") },
  link: { color: color("subtle"), textDecoration: "underline", wordBreak: "break-all" },
  rule: { borderColor: color("border"), margin: "24px 0" },
  footer: { margin: "0 0 8px", fontSize: "12px", lineHeight: "18px", color: color("subtle") },
  footerLink: { color: color("text"), textDecoration: "underline" },
} satisfies Record<string, CSSProperties>

export interface EmailContent {
  /** The window's title and the preheader's first words come from these. */
  subject: string
  preview: string
  brand: string
  heading: string
  text: string
  button: string
  link: string
  ignore: string
  footer: string
  unsubscribeText: string
  unsubscribeLabel: string
  unsubscribeUrl: string
}

const layout = (content: EmailContent) =>
  h(
    Html,
    { lang: "en", dir: "ltr" },
    h(
      Head,
      null,
      h("title", null, content.subject),
      h("meta", { name: "color-scheme", content: "dark" }),
      h("meta", { name: "supported-color-schemes", content: "dark" }),
    ),
    h(
      Body,
      { style: styles.body },
      h(Preview, null, content.preview),
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, content.brand),
        h(Heading, { as: "h1", style: styles.heading }, content.heading),
        h(Text, { style: styles.text }, content.text),
        h(Section, { style: { margin: "0 0 24px" } }, h(Button, { href: content.link, style: styles.button }, content.button)),
        // The address in words, for a client that shows no button; the text part has it already.
        h(Text, { style: styles.small, ...{ "data-skip-in-text": true } }, h(Link, { href: content.link, style: styles.link }, content.link)),
        h(Text, { style: styles.small }, content.ignore),
        h(Hr, { style: styles.rule }),
        h(Text, { style: styles.footer }, content.footer),
        h(
          Text,
          { style: styles.footer },
          `${content.unsubscribeText} `,
          h(Link, { href: content.unsubscribeUrl, style: styles.footerLink }, content.unsubscribeLabel),
        ),
      ),
    ),
  )

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

/** The HTML part: React escapes every value it puts in. */
export const emailHtml = (content: EmailContent): string => `${DOCTYPE}${renderToStaticMarkup(layout(content))}`

/**
 * The plain-text part, from the same HTML (as React Email's own plain-text rendering does): the
 * preheader and the address repeated under the button left out, each link as "words: address",
 * paragraphs unwrapped (mail clients wrap them to their width).
 */
export const emailText = (html: string): string =>
  `${convert(html, {
    wordwrap: false,
    formatters: {
      labelledLink: (elem, walk, builder) => {
        walk(elem.children, builder)
        const href = (elem as { attribs?: Record<string, string> }).attribs?.href
        if (href) builder.addInline(`: ${href}`)
      },
    },
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "[data-skip-in-text=true]", format: "skip" },
      { selector: "h1", options: { uppercase: false, leadingLineBreaks: 2 } },
      { selector: "hr", format: "skip" },
      { selector: "a", format: "labelledLink" },
    ],
  }).trim()}\n`
