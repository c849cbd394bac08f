/** End-to-end tests: real headless Chromium against the built site under `gatsby serve`. */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  testMatch: ["<rootDir>/e2e/**/*.test.ts"],
  globalSetup: "<rootDir>/e2e/support/global-setup.ts",
  globalTeardown: "<rootDir>/e2e/support/global-teardown.ts",
  testTimeout: 60000,
}
