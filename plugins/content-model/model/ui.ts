/** content/ui.json: the interface texts every page shares. */
import { contentFile, longText, record, template, text } from "../fields"
import { dropLinkCopy } from "./drop-front"

/** A toast: a bold first line and one line of detail. */
const toast = (when: string) =>
  record(
    { title: text(`the bold first line of the message shown ${when}`), description: text(`the second line of the message shown ${when}`) },
    `the message shown ${when}`,
    { typeName: "Notice" },
  )

export const ui = contentFile(
  {
    skipLink: text("the first link for keyboard users, which jumps to the page content"),
    navigation: record(
      {
        label: text("the name of the main navigation for screen readers"),
        menuButton: text("the name of the button that opens the menu on phones"),
        home: text("the navigation label of the Home page"),
        about: text("the navigation label of the About page"),
        contact: text("the navigation label of the Contact page"),
        privacy: text("the footer label of the Privacy page"),
      },
      "the navigation labels",
    ),
    joinButton: text('the label of the "Join the Drop" buttons in the header and footer'),
    dropLink: dropLinkCopy,
    logoLabel: text("the logo link's name for screen readers; \"{brand}\" is replaced by the shop's name"),
    footer: record(
      {
        label: text("the name of the footer navigation for screen readers"),
        quickLinks: text("the heading above the footer links"),
        follow: text("the heading above the social links"),
        socialLink: text('each social link\'s name for screen readers; "{brand}" and "{network}" are filled in'),
        earlyAccess: text('the heading above the footer\'s "Join the Drop" button'),
        copyright: text('the copyright line; "{year}" and "{brand}" are filled in'),
      },
      "the footer's texts",
    ),
    cookieNotice: record(
      {
        label: text("the cookie notice's name for screen readers"),
        heading: text("the cookie notice's heading"),
        text: longText("what the cookie notice says"),
        privacyLink: text("the label of the link to the Privacy page"),
        accept: text("the label of the button that remembers the answer"),
        dismiss: text("the label of the button that hides the notice for this page"),
        close: text("the close icon's name for screen readers"),
      },
      "the cookie notice's texts",
    ),
    reassurancesLabel: text("the name of the reassurance points under the Home hero, for screen readers"),
    carousel: record(
      {
        carouselRole: text('what screen readers call the carousel, like "carousel"'),
        slideRole: text('what screen readers call each slide, like "slide"'),
        previous: text("the previous-slide arrow's name for screen readers"),
        next: text("the next-slide arrow's name for screen readers"),
        pause: text("the name of the button that stops the slide show"),
        play: text("the name of the button that starts the slide show again"),
        chooseSlide: text("the name of the row of slide dots for screen readers"),
        slideButton: template("each slide dot's name for screen readers", { number: "the slide's number goes there" }),
        slidePosition: template("each slide's position for screen readers", {
          number: "the slide's number goes there",
          count: "the number of slides goes there",
        }),
      },
      "the carousel's control labels",
    ),
    signupForm: record(
      {
        label: text("the signup form's name for screen readers"),
        emailLabel: text("the label of the email field"),
        emailPlaceholder: text("the example shown in the empty email field"),
        consent: template("the consent checkbox's label, which states the minimum age", {
          privacyLink: "the link to the Privacy page goes there",
          minimumAge: "the minimum age of drops.json goes there",
        }),
        privacyLink: text("the label of the link to the Privacy page in the consent text"),
        submit: text("the label of the signup button"),
        submitting: text("the label of the signup button while the signup is sent"),
        missing: toast("when the email or the consent is missing"),
        invalidEmail: toast("when the email address is malformed"),
        fieldErrors: record(
          {
            emailMissing: text("the line under the email field when it is empty"),
            emailMalformed: text("the line under the email field when the address is malformed"),
            emailRefused: text("the line under the email field when the list refuses the address (a throwaway mailbox)"),
            consentMissing: template("the line under the consent box when it is not ticked", {
              minimumAge: "the minimum age of drops.json goes there",
            }),
          },
          "the lines under the signup form's fields that need fixing (the toast says it too)",
        ),
        success: toast('after a signup; "{brand}" is filled in'),
        failure: record(
          {
            title: text("the bold first line of the message shown when a signup fails"),
            description: template("the second line of the message shown when a signup fails", {
              email: "the general email address from site.json goes there",
            }),
          },
          "the message shown when a signup fails",
          { typeName: "Notice" },
        ),
      },
      "the signup form's texts",
    ),
    contactForm: record(
      {
        label: text("the contact form's name for screen readers"),
        nameLabel: text("the label of the name field"),
        emailLabel: text("the label of the email field"),
        messageLabel: text("the label of the message field"),
        submit: text("the label of the send button"),
        submitting: text("the label of the send button while the mail client opens"),
        missing: toast("when a field is empty"),
        invalidEmail: toast("when the email address is malformed"),
        fieldErrors: record(
          {
            nameMissing: text("the line under the name field when it is empty"),
            emailMissing: text("the line under the email field when it is empty"),
            emailMalformed: text("the line under the email field when the address is malformed"),
            messageMissing: text("the line under the message field when it is empty"),
          },
          "the lines under the contact form's fields that need fixing (the toast says it too)",
        ),
        success: toast('after the message is handed to the mail client; "{responseTime}" is filled in'),
        failure: toast("when the mail client cannot be opened"),
      },
      "the contact form's texts",
    ),
    errorPage: record(
      { heading: text("the heading shown when a page fails to render"), homeLink: text("the label of the link back to Home") },
      "the texts shown when a page fails to render",
    ),
    waitlist: record(
      {
        position: template("the place in line shown after a confirmed signup, once the list is big enough to show its size", {
          position: "the signup's place goes there",
          total: "the number of people on the list goes there",
        }),
        placeUntold: text(
          "the place in line while the list is smaller than the number it starts showing its size from: no number, so it cannot belie the social-proof claim",
        ),
        shareIntro: longText("the line that invites people to share their referral link"),
        referralLink: text("the label of the referral link"),
        copy: text("the label of the button that copies the referral link"),
        copied: text("what the page says once the link is copied"),
        share: text("the label of the button that opens the phone's share sheet"),
        shareOnX: text("the label of the link that shares on X"),
        shareOnWhatsApp: text("the label of the link that shares on WhatsApp"),
        shareByEmail: text("the label of the link that shares by email"),
        shareMessage: text('the text shared with the referral link; "{brand}" is filled in'),
        shareSubject: text('the subject of the email share; "{brand}" is filled in'),
        statusButton: text("the label of the large button from the signup's panel to its own status page (its pass)"),
        passHint: longText("the small line under that button: the status page's link is private, and a bookmark keeps it"),
        referrals: template("how many friends joined through the link", { count: "the number of friends goes there" }),
        waiting: template("how many more friends joined through the link and wait for the team's review before they count", {
          count: "the number of friends waiting goes there",
        }),
        pendingHeading: text("the heading shown when a signup must be confirmed by email"),
        pending: template("the text shown when a signup must be confirmed by email", {
          email: "the address the visitor typed goes there",
          confirmHours: "the hours the confirmation link works go there (the server's rule)",
        }),
        resendQuestion: text("the question above the button that sends the confirmation email again"),
        resend: text("the label of the button that sends the confirmation email again"),
        resending: text("the label of that button while the request is on its way"),
        resent: template("what the page says once the email was asked for again", { email: "the address the visitor typed goes there" }),
        resendFailed: text("what the page says when the email could not be asked for again"),
      },
      "the place-in-line and sharing texts",
    ),
    privacyUpdated: text('the words before the date on the Privacy page, like "Last updated:"'),
  },
  "the interface texts: labels, buttons and messages",
)
