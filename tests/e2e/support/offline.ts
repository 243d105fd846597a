import { expect, type Page } from "@playwright/test";
import { CACHES } from "../../../src/core/offline/cache-names.ts";
import type { Lang } from "../../../src/core/i18n/locale.ts";

/** Offline-reading helpers for browser tests: the service worker's state and the Cache Storage. */

/**
 * Waits until a service worker controls the page. The first visit's worker claims open pages on
 * activation, but a page whose navigation raced the worker's install (or whose install failed on a
 * busy machine and must be tried again) is only controlled after a new navigation: then reload.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const controlled = (waitMs: number): Promise<boolean> =>
    page.evaluate(async (wait) => {
      const claimed = new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller) resolve();
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
      });
      await Promise.race([claimed, new Promise((resolve) => setTimeout(resolve, wait))]);
      return navigator.serviceWorker.controller !== null;
    }, waitMs);
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (await controlled(10_000)) return;
    await page.reload();
  }
  expect(await controlled(10_000), "a service worker controls the page").toBe(true);
}

/** Waits until the worker has cached a language's latest news in the background. */
export async function waitForSavedNews(page: Page, lang: Lang): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ marker, cacheName }) => Boolean(await caches.match(marker, { cacheName })),
          { marker: `/__kp/warmed-${lang}`, cacheName: CACHES.meta },
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Waits until the worker has saved a language's search index (the search page asks for it). */
export async function waitForSavedSearchIndex(page: Page, lang: Lang): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ marker, cacheName }) => Boolean(await caches.match(marker, { cacheName })),
          { marker: `/__kp/search-index-${lang}`, cacheName: CACHES.meta },
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Every entry of every cache of the origin, as `cache name -> request URLs`. */
export function cacheEntries(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    }
    return all;
  });
}

/** The build id the controlling worker was made for. */
export function workerBuild(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        controller.postMessage({ type: "version" }, [channel.port2]);
      }),
  );
}
