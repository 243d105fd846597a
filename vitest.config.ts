import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      // Astro components rendered with Astro's container API, through Astro's own Vite setup.
      "./vitest.components.config.ts",
    ],
  },
});
