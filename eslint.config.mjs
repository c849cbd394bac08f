// Lint for the whole project. Besides the usual TypeScript and React hooks rules, it keeps each
// folder to what may run where: browser code never imports Node, the server, the build plugins
// or the tools (see docs/architecture.md).
import js from "@eslint/js"
import { createNodeResolver, importX } from "eslint-plugin-import-x"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import { builtinModules } from "node:module"
import tseslint from "typescript-eslint"

/** Code that runs in the visitor's browser (and in server rendering of the same components). */
const BROWSER_CODE = ["src/components/**", "src/pages/**", "src/hooks/**", "src/lib/**", "src/signup/**", "src/drop/**", "src/theme.ts", "gatsby-browser.tsx"]
const TESTS = ["**/__tests__/**", "test/**", "__mocks__/**", "e2e/**"]

/** What server code never imports: the browser's code, tools and tests. */
const SERVER_IMPORTS = [
  {
    group: ["**/components/**", "**/pages/**", "**/hooks/**", "**/lib/**"],
    message: "The server shares only src/signup/ and src/drop/ with the browser.",
  },
  { group: ["**/tools/**", "**/e2e/**", "**/test/**"], message: "Server code cannot import tools or tests." },
]

/**
 * The server's rooms, lowest first: each imports only the rooms before it (and src/signup/,
 * src/drop/). Type imports count: a contract that imports a type upward is a loop all the same.
 * keys: identifiers and keyed hashes; store: where the list lives; waitlist and drop: the rules;
 * outbox and backup: delivery and copies; http: the requests' handlers; settings: reads the
 * environment and composes each room's own settings; runtime and prod: the wiring (see
 * docs/architecture.md).
 */
const SERVER_ROOMS = ["keys", "store", "waitlist", "drop", "outbox", "backup", "http", "settings", "runtime", "prod"]
const SERVER_ZONES = SERVER_ROOMS.slice(0, -1).map((room, index) => ({
  target: `./src/server/${room}`,
  from: SERVER_ROOMS.slice(index + 1).map((above) => `./src/server/${above}`),
  message: `src/server/${room}/ imports only the rooms below it (${SERVER_ROOMS.slice(0, index).join(", ") || "none"}), never one above.`,
}))

/** How import-x reads TypeScript and finds the file an import names. */
const IMPORT_X_SETTINGS = {
  "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
  "import-x/extensions": [".ts", ".tsx", ".js"],
  "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
}

const nodeModules = builtinModules.filter((name) => !name.startsWith("_")).flatMap((name) => [name, `node:${name}`])

export default tseslint.config(
  { ignores: ["public/**", ".cache/**", "node_modules/**", "src/gatsby-types.d.ts", "static/**", "test-results/**", "playwright-report/**", ".shots/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    // Playwright fixtures that need no other fixture take an empty pattern: `async ({}, use) =>`.
    files: ["e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.jest } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Scripts for the editors' web UI, served as they are next to Decap CMS and its globals.
    files: ["plugins/*/browser/**/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["**/*.tsx", "src/hooks/**"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Browser-only state (the year, reduced motion, pictures of hidden slides) is set after
      // mount on purpose, so the server HTML and the first client render agree. Preact's
      // useSyncExternalStore ignores server snapshots, so it is no alternative here.
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    files: BROWSER_CODE,
    // The request schema is shared by name; the rule below lets the browser take its types only.
    ignores: [...TESTS, "src/signup/schema.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            ...nodeModules.map((name) => ({ name, message: "Browser code cannot use Node modules." })),
            { name: "zod", message: "zod stays out of the browser bundle: use src/signup/rules.ts, and types from src/signup/schema.ts." },
          ],
          patterns: [
            { group: ["**/server/**", "**/api/**"], message: "Browser code cannot import the signup server." },
            { group: ["**/tools/**", "**/e2e/**", "**/test/**"], message: "Browser code cannot import tools or tests." },
            { group: ["**/plugins/**"], allowTypeImports: true, message: "Build-time plugin code does not run in the browser (types only)." },
            { group: ["**/signup/schema"], allowTypeImports: true, message: "The zod schema runs on the server; the browser takes its types only." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/**", "src/api/**"],
    ignores: TESTS,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: SERVER_IMPORTS }] },
  },
  {
    // The rooms below the wiring: requests come in through http/ and are wired by runtime/ and
    // prod/, so the rules, the outbox, the stores and backups never import those.
    files: ["src/server/{backup,drop,outbox,store,waitlist}/**"],
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ...SERVER_IMPORTS,
            {
              group: ["**/server/http/**", "../http/**", "../../http/**"],
              message: "Only the wiring (runtime/, prod/) and src/api/ use the request handlers.",
            },
            { group: ["**/runtime/**", "**/prod/**"], message: "The wiring (runtime/, prod/) takes its parts from here, not the other way round." },
          ],
        },
      ],
    },
  },
  {
    // The server's rooms keep one direction, type imports counted (no-restricted-paths resolves
    // every import, `import type` too).
    files: ["src/server/**"],
    ignores: TESTS,
    plugins: { "import-x": importX },
    settings: IMPORT_X_SETTINGS,
    rules: { "import-x/no-restricted-paths": ["error", { zones: SERVER_ZONES }] },
  },
  {
    // Settings are read and checked once, in src/server/settings/; everything else takes them from there.
    files: ["src/server/**", "src/api/**"],
    ignores: [...TESTS, "src/server/settings/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings in src/server/settings/ and take them from the runtime's settings." },
      ],
    },
  },
  {
    // No import cycles anywhere: a cycle's modules can see each other half-loaded.
    files: ["**/*.ts", "**/*.tsx"],
    plugins: { "import-x": importX },
    settings: IMPORT_X_SETTINGS,
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["tools/**", "plugins/**"],
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/e2e/**", "**/test/**"], message: "Tools and build plugins cannot import tests." }] },
      ],
    },
  },
)
