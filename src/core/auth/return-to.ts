/** Where a signed-in user lands when there is no (acceptable) target URL. */
export const DASHBOARD_PATH = "/mijn-account/dashboard";

/**
 * The sign-in target as a same-origin relative path, or the dashboard. Anything that could leave the
 * site is refused: protocol-relative `//evil`, schemes (`https:`, `javascript:`), backslash tricks
 * (`/\evil`, which browsers read as `//evil`) and control characters (browsers strip tabs and newlines
 * from URLs, so `/\t/evil` would become `//evil`).
 */
export function sanitizeReturnTo(raw: string | null | undefined, fallback = DASHBOARD_PATH): string {
  if (!raw || !raw.startsWith("/")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  if (raw.startsWith("//")) return fallback;
  try {
    // Resolving against a dummy origin catches anything else that would change the origin.
    const base = "https://same.invalid";
    const url = new URL(raw, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The current location as a returnTo value: path, query and hash. */
export const currentTarget = (location: Pick<Location, "pathname" | "search" | "hash">): string =>
  `${location.pathname}${location.search}${location.hash}`;
