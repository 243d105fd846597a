// @ts-check
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";

/**
 * The core's folders, lowest first: each may import only from the folders before it, so no import
 * cycle can run between them. A new folder goes where its imports put it.
 */
const CORE_LAYERS = [
  "validation", // field rules as pipes, the FieldError type: knows nothing of the core
  "api", // the contract (schemas) and the ky client
  "i18n",
  "settings.ts",
  "offline",
  "search",
  "content",
  "auth", // the sign-in service and its parts
  "stores", // state read by every island; the auth store holds what auth produced
  "permissions", // the route and menu rules and the guard over the stores
  "portal",
  "business",
  "session", // wires auth, stores and the API client together: what islands call
];

/** Higher core folders a lower one must not import. */
const coreLayerZones = CORE_LAYERS.slice(0, -1).map((folder, index) => ({
  target: `./src/core/${folder}`,
  from: CORE_LAYERS.slice(index + 1).map((higher) => `./src/core/${higher}`),
  message: `core/${folder} sits below these in CORE_LAYERS (eslint.config.js); move the shared piece down or inject it.`,
}));

/** The arrows between the app's folders; each zone: files in `target` must not import from `from`. */
const folderZones = [
  {
    target: "./src/core",
    from: ["./src/islands", "./src/pages", "./src/layouts", "./src/components", "./src/browser", "./src/sw", "./src/content-build", "./tests"],
    message: "The core knows no screen, route, layout, build or script: pass what it needs in.",
  },
  {
    target: "./src/content-build",
    from: ["./src/islands", "./src/pages", "./src/layouts", "./src/components"],
    message: "The build reads content over HTTP; it imports only the core.",
  },
  {
    target: "./src/islands",
    from: ["./src/pages", "./src/layouts", "./src/components", "./src/content-build"],
    message: "Islands render stores and call the core; they talk to the API over HTTP.",
  },
  {
    target: ["./src/components", "./src/browser", "./src/sw"],
    from: ["./src/layouts", "./src/pages"],
    message: "Components and browser scripts do not import layouts or routes.",
  },
  { target: "./src/layouts", from: ["./src/pages"], message: "Layouts do not import routes." },
];

/**
 * What ships and what does not. src/ is the product: it imports none of the three folders beside it
 * (the publishing host builds src/, never the other way round). publishing/ is what a production
 * host runs: it must work with stand-in/ and dev/ deleted (tests/unit/production-install.test.ts, production-copy.test.ts).
 */
const shipZones = [
  {
    target: "./src",
    from: ["./publishing", "./stand-in", "./dev"],
    message: "src/ is the product: it imports neither the publishing host, the stand-in nor the tooling.",
  },
  {
    target: "./publishing",
    from: ["./stand-in", "./dev", "./tests"],
    message: "publishing/ is deployed: it imports neither the stand-in nor the tooling (read configuration from the environment).",
  },
];

/** Browser globals the sign-in code reaches only through the injected SessionBrowser. */
const SIGN_IN_BROWSER_GLOBALS = ["document", "location", "history", "localStorage", "sessionStorage", "navigator", "BroadcastChannel", "caches"].map(
  (name) => ({ name, message: "The sign-in code touches the page through SessionBrowser (src/core/session/browser.ts), handed in." }),
);

export default tseslint.config(
  {
    ignores: ["dist/", ".astro/", ".data/", ".releases/", ".test-data/", "test-results/", "playwright-report/", "node_modules/", "public/settings.js"],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // The folders' arrows (see folderZones and CORE_LAYERS above).
    files: ["src/**/*.{ts,tsx,astro}", "publishing/**/*.ts", "stand-in/**/*.ts", "dev/**/*.ts"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...shipZones, ...folderZones, ...coreLayerZones] }],
    },
  },
  {
    // The core is framework-free and runs anywhere: the browser, the build, the stand-in, the tests.
    files: ["src/core/**/*.ts"],
    ignores: ["src/core/**/*.test.ts"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-nodejs-modules": "error",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["react", "react-dom", "react/*", "react-dom/*", "@nanostores/react"], message: "The core knows no React: islands render its stores." },
            { group: ["astro", "astro:*", "astro/*", "@astrojs/*"], message: "The core knows no Astro: pages and the build call it." },
          ],
        },
      ],
    },
  },
  {
    // Signing in and out changes the page (hint, navigation, other tabs) only through one adapter.
    files: ["src/core/auth/**/*.ts", "src/core/api/**/*.ts", "src/core/stores/auth.ts"],
    rules: { "no-restricted-globals": ["error", ...SIGN_IN_BROWSER_GLOBALS] },
  },
);
