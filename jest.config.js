/**
 * Unit tests in two projects, by where the code under test runs: "browser" (components, pages,
 * hooks and the browser's helpers in src/lib) in jsdom with Gatsby mocked; "node" (the server,
 * the Functions, the drop's rule, the build's plugins, the tools) in Node. A file whose code
 * runs in the other place says so in a `@jest-environment` comment, with why.
 */
const shared = {
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
    ".+\\.(jpg|jpeg|png|gif|eot|otf|webp|avif|svg|ttf|woff|woff2)$": "<rootDir>/__mocks__/file-mock.js",
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public", "<rootDir>/e2e"],
  // Packages published as ES modules only, which Jest runs through Babel (nested copies of
  // content-disposition and cookie come with @fastify/static and Fastify's light-my-request).
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link|@fastify/static|content-disposition|light-my-request|cookie)/)"],
  globals: { __PATH_PREFIX__: "", __BASE_PATH__: "" },
  setupFiles: ["<rootDir>/test/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/test/setup.ts"],
}

/** The folders of code that runs in the browser. */
const BROWSER_FOLDERS = ["components", "pages", "hooks", "lib"]

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "browser",
      testEnvironment: "jsdom",
      testEnvironmentOptions: { url: "http://localhost/" },
      testMatch: [`<rootDir>/src/{${BROWSER_FOLDERS.join(",")}}/**/__tests__/**/*.test.{ts,tsx}`],
    },
    {
      ...shared,
      displayName: "node",
      testEnvironment: "node",
      testMatch: ["<rootDir>/{src,plugins,tools,test}/**/__tests__/**/*.test.{ts,tsx}"],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, `<rootDir>/src/(${BROWSER_FOLDERS.join("|")})/`],
    },
  ],
  // A worker per core (Jest's default leaves one core idle): the longest suites mostly wait on
  // servers they started (mail retries, a database outage), so another suite runs meanwhile.
  maxWorkers: "100%",
  // One real PostgreSQL server for the suites that test the PostgreSQL store.
  globalSetup: "<rootDir>/test/global-setup.ts",
  globalTeardown: "<rootDir>/test/global-teardown.ts",
}
