import { getViteConfig } from "astro/config";

/**
 * Astro components rendered on their own with Astro's container API (tests/components), through
 * Astro's own Vite setup: for states the seeded site never shows, such as a news archive with no
 * articles at all. A project of `vitest.config.ts`.
 */
export default getViteConfig({
  test: { name: "components", include: ["tests/components/**/*.test.ts"], environment: "node" },
});
