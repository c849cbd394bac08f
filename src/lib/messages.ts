/** The visitor-facing toast texts, word for word as the product spec gives them. */
import type { Notice } from "./notice"

export const signupMessages = {
  missing: { title: "Missing Information", description: "Please enter your email and agree to receive updates." },
  invalidEmail: {
    title: "Check your email",
    description: "That email address doesn't look right. Please check it and try again.",
  },
  success: (brand: string): Notice => ({
    title: `Welcome to ${brand}! 🎉`,
    description: "You'll be the first to know about our launch and exclusive drops.",
  }),
  failure: (email: string): Notice => ({
    title: "Something went wrong",
    description: `Please try again or email us directly at ${email}`,
  }),
} as const

export const contactMessages = {
  missing: { title: "Missing Information", description: "Please fill in all fields." },
  invalidEmail: {
    title: "Check your email",
    description: "That email address doesn't look right, so we couldn't reply. Please check it.",
  },
  success: (responseTime: string): Notice => ({
    title: "Message Sent! 📧",
    description: `We'll reply within ${responseTime}. Thanks for reaching out!`,
  }),
  failure: { title: "Something went wrong", description: "Please try again or email us directly." },
} as const
