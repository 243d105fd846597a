/**
 * Registers the service worker and asks it to save this language's latest news for offline
 * reading. It runs on every page, so it stays a few hundred bytes: the "available offline" marks
 * load only on a page with article cards, once something has been saved and the reader is offline.
 */
import { CACHES } from "../core/offline/cache-names.ts";

if ("serviceWorker" in navigator) {
  const lang = document.documentElement.lang === "en" ? "en" : "nl";
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: "warm", lang }));
  // A new release's worker that takes over this page refreshes the saved news when asked.
  navigator.serviceWorker.addEventListener("controllerchange", () =>
    navigator.serviceWorker.controller?.postMessage({ type: "warm", lang }),
  );
  if (document.querySelector(".kp-card") && "caches" in window) {
    // The mark helps only a reader without a connection: online, every card opens anyway.
    const showMarks = (): void =>
      void caches
        .has(CACHES.pages)
        .then(async (saved) => saved && (await import("./offline-marks.ts")).markSavedArticles(document, lang))
        .catch(() => undefined);
    if (navigator.onLine) addEventListener("offline", showMarks, { once: true });
    else showMarks();
  }
}
