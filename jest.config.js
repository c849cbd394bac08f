/** Unit tests: components, pages and pure logic, in jsdom, with Gatsby mocked. */
module.exports = {
  testEnvironment: "jsdom",
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
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/test/loadershim.js"],
  // One real PostgreSQL server for the suites that test the PostgreSQL store.
  globalSetup: "<rootDir>/test/global-setup.ts",
  globalTeardown: "<rootDir>/test/global-teardown.ts",
  setupFilesAfterEnv: ["<rootDir>/test/setup.ts"],
}
