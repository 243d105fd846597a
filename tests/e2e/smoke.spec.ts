import { expect, test } from "@playwright/test";

test("the built home page is served", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
});

test("an unknown path gets the 404 status", async ({ request }) => {
  const response = await request.get("/deze-pagina-bestaat-niet");
  expect(response.status()).toBe(404);
});
