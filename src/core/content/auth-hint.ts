/**
 * The sign-in hint: how a static page knows, before first paint, whether to show the signed-in
 * variant of the header and menus.
 *
 * Contract with the sign-in code: while a user is signed in it keeps `localStorage.kp_signed_in = "1"`
 * (or a cookie `kp_signed_in=1`) and removes it on sign-out. The blocking `/auth-hint.js` (built
 * from {@link applyAuthHint}) reads it in <head> and sets `document.documentElement.dataset.auth` to
 * "signed-in" or "anonymous"; CSS hides `.kp-only-anonymous` / `.kp-only-authenticated` from it,
 * so nothing shifts after paint. It also sets `data-js="1"`, so CSS collapses the mobile menu only
 * when a script is there to open it. After a sign-in or sign-out in the page, call the same logic again
 * (or set the dataset attribute) to switch variants without a reload.
 */
export const AUTH_HINT_KEY = "kp_signed_in";

/** The value of `document.documentElement.dataset.auth`. */
type AuthHint = "signed-in" | "anonymous";

/** Minimal view of the browser used by the hint, so tests can pass plain objects. */
type HintEnvironment = {
  root: { dataset: Record<string, string | undefined> };
  storage: Pick<Storage, "getItem"> | null;
  cookie: string;
};

/**
 * Reads the hint and marks <html>. Self-contained (no imports, no outer variables): its source is
 * shipped as-is in /auth-hint.js, so it must stay plain enough to run in any browser.
 */
export function applyAuthHint(env: HintEnvironment, key: string): AuthHint {
  let signedIn = false;
  try {
    signedIn = env.storage !== null && env.storage.getItem(key) === "1";
  } catch {
    // Storage can throw when it is disabled; the cookie may still say so.
  }
  if (!signedIn) signedIn = env.cookie.split(/;\s*/).indexOf(key + "=1") !== -1;
  const hint: AuthHint = signedIn ? "signed-in" : "anonymous";
  env.root.dataset["auth"] = hint;
  // Scripts run: CSS may now collapse what only a script can open again (the mobile menu).
  env.root.dataset["js"] = "1";
  return hint;
}

/** The browser script: runs {@link applyAuthHint} against the real document. */
export function authHintScript(): string {
  const storage = "(function(){try{return window.localStorage}catch(e){return null}})()";
  return `(${applyAuthHint.toString()})({root:document.documentElement,storage:${storage},cookie:document.cookie},${JSON.stringify(AUTH_HINT_KEY)});\n`;
}
