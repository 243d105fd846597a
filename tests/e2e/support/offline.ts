import { expect, type Page } from "@playwright/test";
import { CACHES } from "../../../src/core/offline/cache-names.ts";
import type { Lang } from "../../../src/core/i18n/locale.ts";

/** Offline-reading helpers for browser tests: the service worker's state and the Cache Storage. */

/** Waits until a service worker controls the page (the first visit's worker claims it on activation). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  });
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
