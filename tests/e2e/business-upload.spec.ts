import { expect, test, type Locator, type Page } from "@playwright/test";
import { signedInAs } from "./support/auth.ts";
import { expectNoSeriousViolations, selectAccount } from "./support/business.ts";

// Screens load through sign-in, accounts and the API on a machine shared with other runs: allow time.
test.describe.configure({ timeout: 90_000 });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const pdf = (size = 64): Buffer => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write("%PDF-1.4\n");
  return bytes;
};

test.use({ storageState: async ({ browser }, provide) => provide(await signedInAs(browser, "hoofdgebruiker@example.com")) });

/** The tht form of 100002, whose registration is under review and opens as fields on request (nothing here saves it). */
async function openThtForm(page: Page, lang: "nl" | "en" = "nl"): Promise<void> {
  await selectAccount(page, "100002");
  await page.goto(lang === "nl" ? "/tht" : "/en/tht");
  await page.getByRole("button", { name: lang === "nl" ? "Registratie wijzigen" : "Change registration" }).click({ timeout: 20_000 });
  await expect(page.locator("[data-upload=tht]")).toBeVisible();
}

const chip = (page: Page, name: string): Locator => page.locator(`[data-files=tht] [data-file="${name}"]`);

/** Drops files on the zone as a browser would from the desktop. */
async function drop(page: Page, files: { name: string; type: string; bytes: number[] }[]): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return data;
  }, files);
  await page.locator("[data-upload=tht] [data-dropzone]").dispatchEvent("drop", { dataTransfer: transfer });
}

test("the drop zone takes files from the keyboard and by dropping, one chip each, and a refused file leaves the others alone", async ({ page }) => {
  await openThtForm(page);
  const input = page.getByLabel("Bestand kiezen");
  await expect(chip(page, "foto-voorraad.png")).toHaveAttribute("data-state", "done");

  // Reached with Tab and opened with Space, like any button.
  await page.getByRole("button", { name: "Regel toevoegen" }).focus();
  await page.keyboard.press("Tab");
  await expect(input).toBeFocused();
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await chooser).setFiles([
    { name: "kelder.png", mimeType: "image/png", buffer: PNG },
    // Calls itself a PDF; the stand-in reads the content and refuses it.
    { name: "bon.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") },
  ]);
  await expect(chip(page, "kelder.png")).toHaveAttribute("data-state", "done");
  await expect(chip(page, "kelder.png")).toContainText("70 B");
  await expect(chip(page, "bon.pdf")).toHaveAttribute("data-state", "failed");
  await expect(chip(page, "bon.pdf")).toContainText("Dit bestand is geen PDF, PNG of JPEG.");
  // Retrying cannot change a refused content: only removing is offered.
  await expect(chip(page, "bon.pdf").getByRole("button", { name: "bon.pdf opnieuw uploaden" })).toHaveCount(0);
  await expect(chip(page, "foto-voorraad.png")).toHaveAttribute("data-state", "done");

  // A wrong type is refused before it is sent, said at the zone; the next good file clears it.
  await drop(page, [{ name: "foto.gif", type: "image/gif", bytes: [...Buffer.from("GIF89a")] }]);
  await expect(page.locator("#kp-tht-attachments-error")).toHaveText("foto.gif: Dit bestand is geen PDF, PNG of JPEG.");
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(chip(page, "foto.gif")).toHaveCount(0);
  await drop(page, [{ name: "april.pdf", type: "application/pdf", bytes: [...pdf()] }]);
  await expect(chip(page, "april.pdf")).toHaveAttribute("data-state", "done");
  await expect(page.locator("#kp-tht-attachments-error")).toHaveText("");
  await expect(input).not.toHaveAttribute("aria-invalid", "true");

  // Chips go with their remove button, from the keyboard too; the rest stay.
  await chip(page, "bon.pdf").getByRole("button", { name: "bon.pdf verwijderen" }).focus();
  await page.keyboard.press("Enter");
  await expect(chip(page, "bon.pdf")).toHaveCount(0);
  await chip(page, "kelder.png").getByRole("button", { name: "kelder.png verwijderen" }).click();
  await expect(chip(page, "kelder.png")).toHaveCount(0);
  await expect(page.locator("[data-files=tht] [data-file]")).toHaveCount(2);
  await expectNoSeriousViolations(page);

  // On a small phone a long name wraps inside its chip, the remove button beside it.
  await drop(page, [{ name: "afrekening-horecagroep-noord-oktober-2026-definitief.pdf", type: "application/pdf", bytes: [...pdf()] }]);
  const long = chip(page, "afrekening-horecagroep-noord-oktober-2026-definitief.pdf");
  await expect(long).toHaveAttribute("data-state", "done");
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const remove = await long.getByRole("button").boundingBox();
  expect(remove && remove.x >= 0 && remove.x + remove.width <= 320).toBe(true);
});

test("an upload shows its progress while it is sent, and one the network dropped can be tried again", async ({ page }) => {
  await openThtForm(page, "en");
  const input = page.getByLabel("Choose a file");

  // A slow line: the chip counts the bytes the browser reports as sent.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
  await input.setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: pdf(600 * 1024) });
  const progress = chip(page, "statement.pdf").getByRole("progressbar", { name: "Progress of statement.pdf" });
  await expect
    .poll(
      async () => {
        const percent = Number((await progress.getAttribute("value", { timeout: 1_000 })) ?? "0");
        return percent > 0 && percent < 100;
      },
      { message: "part, not all, of the file sent" },
    )
    .toBe(true);
  await expect(chip(page, "statement.pdf")).toHaveAttribute("data-state", "done", { timeout: 20_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The connection drops once: the file stays, with why and a retry that sends it again.
  let dropped = false;
  await page.route("**/corona/attachments**", async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort("connectionreset");
  });
  await input.setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  const failed = chip(page, "receipt.png");
  await expect(failed).toHaveAttribute("data-state", "failed");
  await expect(failed).toContainText("The upload failed. Check your connection and try again.");
  await expect(chip(page, "statement.pdf")).toHaveAttribute("data-state", "done");
  await failed.getByRole("button", { name: "Upload receipt.png again" }).click();
  await expect(chip(page, "receipt.png")).toHaveAttribute("data-state", "done");
  await expect(chip(page, "receipt.png").getByRole("button", { name: "Remove receipt.png" })).toBeVisible();
});
