import { describe, expect, it } from "vitest";
import { AUTH_HINT_KEY, applyAuthHint, authHintScript } from "../../src/core/content/auth-hint.ts";
import { parseBuildSettings } from "../../src/content-build/build-settings.ts";

const env = (stored: string | null, cookie = "") => ({
  root: { dataset: {} as Record<string, string | undefined> },
  storage: { getItem: (key: string) => (key === AUTH_HINT_KEY ? stored : null) },
  cookie,
});

describe("sign-in hint", () => {
  it("marks <html> signed in from localStorage", () => {
    const e = env("1");
    expect(applyAuthHint(e, AUTH_HINT_KEY)).toBe("signed-in");
    expect(e.root.dataset).toEqual({ auth: "signed-in", js: "1" });
  });

  it("marks <html> signed in from the cookie", () => {
    const e = env(null, "other=2; kp_signed_in=1");
    expect(applyAuthHint(e, AUTH_HINT_KEY)).toBe("signed-in");
  });

  it("is anonymous without a hint, and when storage throws", () => {
    expect(applyAuthHint(env(null, "kp_signed_in=0"), AUTH_HINT_KEY)).toBe("anonymous");
    const throwing = { ...env(null), storage: { getItem: (): string => { throw new Error("denied"); } } };
    expect(applyAuthHint(throwing, AUTH_HINT_KEY)).toBe("anonymous");
  });

  it("ships as a self-contained script", () => {
    const root = { dataset: {} as Record<string, string> };
    const script = authHintScript();
    // Runs the shipped source against stand-ins for the browser globals.
    new Function("document", "window", script)(
      { documentElement: root, cookie: "kp_signed_in=1" },
      { localStorage: { getItem: () => null } },
    );
    expect(root.dataset["auth"]).toBe("signed-in");
  });
});

describe("build settings", () => {
  it("defaults to the local stand-in", () => {
    const settings = parseBuildSettings({});
    expect(settings.apiUrl).toBe("http://localhost:4010/contentfulservice/api/v1");
    expect(settings.apiKey).toBe("local-subscription-key");
    expect(settings.preview).toBe(false);
  });

  it("reads the environment and trims a trailing slash", () => {
    const settings = parseBuildSettings({
      CONTENT_API_URL: "https://api.example.com/contentfulservice/api/v1/",
      CONTENT_API_KEY: "k",
      CONTENT_PREVIEW: "true",
    });
    expect(settings).toEqual({ apiUrl: "https://api.example.com/contentfulservice/api/v1", apiKey: "k", preview: true });
  });

  it("names the bad variables", () => {
    expect(() => parseBuildSettings({ CONTENT_API_URL: "nope", CONTENT_PREVIEW: "maybe" })).toThrow(
      /CONTENT_API_URL.*CONTENT_PREVIEW/,
    );
  });
});
