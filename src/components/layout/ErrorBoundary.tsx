/** @jsxImportSource theme-ui */
import { Component, type ErrorInfo, type ReactNode } from "react"

interface ErrorBoundaryProps {
  /** The texts of the error screen, from content/ui.json. */
  copy: { heading: string; homeLink: string }
  children: ReactNode
}

interface ErrorBoundaryState {
  error: Error | null
}

/** Catches render errors in a page and shows them instead of a blank screen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Unexpected Application Error!", error, info.componentStack)
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <section role="alert" sx={{ variant: "layout.narrow", py: 8 }}>
        <h1 sx={{ variant: "text.heading", fontSize: [5, 6], mb: 4 }}>{this.props.copy.heading}</h1>
        <pre sx={{ fontFamily: "monospace", whiteSpace: "pre-wrap", bg: "muted", p: 3, borderRadius: "default", mb: 4 }}>{error.message}</pre>
        <a href="/" sx={{ variant: "buttons.primary" }}>
          {this.props.copy.homeLink}
        </a>
      </section>
    )
  }
}
