// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import { i18n } from "astro-i18n-aut/integration";

/** Public origin of the site; canonical URLs, hreflang and the sitemap are built from it. */
const site = process.env.SITE_URL ?? "http://localhost:4321";

export default defineConfig({
  site,
  // Slash-less URLs (/nieuws, /mijn-account/dashboard) exactly as the spec names them; astro-i18n-aut
  // needs trailingSlash "never" together with the "file" build format.
  trailingSlash: "never",
  build: { format: "file" },
  outDir: process.env.ASTRO_OUT_DIR ?? "./dist",
  integrations: [
    react(),
    i18n({ locales: { nl: "nl-NL", en: "en-US" }, defaultLocale: "nl" }),
  ],
  server: { port: 4321, host: "localhost" },
  devToolbar: { enabled: false },
});
