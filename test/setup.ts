import "@testing-library/jest-dom"

// Each test opens the site in a new tab: nothing a page kept for its tab carries over.
if (typeof window !== "undefined") afterEach(() => window.sessionStorage.clear())
