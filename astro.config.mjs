// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import { i18n } from "astro-i18n-aut/integration";
import { allowEntryExtension, clientCodeSplitting } from "./publishing/build/client-chunks.ts";

/** Public origin of the site; canonical URLs, hreflang and the sitemap are built from it. */
const site = process.env.SITE_URL ?? "http://localhost:4321";

export default defineConfig({
  site,
  // Slash-less URLs (/nieuws, /mijn-account/dashboard), the form every link and redirect uses; astro-i18n-aut
  // needs trailingSlash "never" together with the "file" build format.
  trailingSlash: "never",
  // External stylesheets only: the CSP allows no inline <style>. Four pages render at once: each page
  // waits on its file writes (the page and its incremental-cache copy), which the others' rendering fills.
  build: { format: "file", inlineStylesheets: "never", concurrency: 4 },
  // Never inline scripts or assets as data: the CSP is `script-src 'self'`.
  vite: {
    plugins: [allowEntryExtension],
    build: { assetsInlineLimit: 0 },
    // React and the portal shell as one chunk each (why: publishing/build/client-chunks.ts).
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: clientCodeSplitting() } } } },
    },
  },
  outDir: process.env.ASTRO_OUT_DIR ?? "./dist",
  // The rebuild server gives the live and preview sites a cache folder each (their data differs).
  cacheDir: process.env.ASTRO_CACHE_DIR ?? "./node_modules/.astro",
  // Pages whose getStaticPaths() returns a cacheKey are reused when their data did not change.
  experimental: { incrementalBuild: true },
  integrations: [
    react(),
    i18n({
      locales: { nl: "nl-NL", en: "en-US" },
      defaultLocale: "nl",
      // Endpoints (.ts: sitemap.xml, robots.txt, auth-hint.js, news JSON) list their own paths per language.
      exclude: ["pages/api/**/*", "pages/**/*.ts"],
    }),
  ],
  server: { port: 4321, host: "localhost" },
  devToolbar: { enabled: false },
});
