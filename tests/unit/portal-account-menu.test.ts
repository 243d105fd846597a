import { describe, expect, it } from "vitest";
import type { NavigationItem } from "../../src/core/api/schemas/content.ts";
import { ContentError } from "../../src/content-build/content-api.ts";
import { createSiteData } from "../../src/content-build/site-data.ts";
import type { ContentApi } from "../../src/content-build/content-api.ts";
import type { UrlContext } from "../../src/core/content/nav-url.ts";
import { accountMenuEntries, accountMenuProblems, screenTitle, visibleEntries } from "../../src/core/portal/account-menu.ts";
import { SCREEN_IDS, SCREENS } from "../../src/core/portal/screens.ts";
import { siteSeed } from "../../stand-in/seed/content/site.ts";

const ctx = (lang: "nl" | "en"): UrlContext => ({ lang, homepageSlug: "home", categoryParentSlug: "nieuws", siteOrigin: "https://www.vandamdranken.example" });
const item = (input: Partial<NavigationItem> & Pick<NavigationItem, "id" | "title">): NavigationItem => ({
  slug: null,
  parentSlug: null,
  path: null,
  externalUrl: null,
  menuHeading: false,
  icon: null,
  contentType: "link",
  visibleTo: ["AuthenticatedUser"],
  userPermissions: [],
  subMenu: [],
  ...input,
});

describe("the account menu follows the CMS", () => {
  const cms = [
    item({ id: "a", title: "Mijn facturen", path: "/mijn-account/facturen", userPermissions: ["FACTUREN"] }),
    item({ id: "b", title: "Start", path: "/mijn-account/dashboard" }),
    item({ id: "c", title: "Webshop", externalUrl: "https://shop.example/", userPermissions: ["FACTUREN"] }),
    item({ id: "d", title: "Nog eens facturen", path: "/mijn-account/facturen", userPermissions: ["FACTUREN"] }),
    item({ id: "e", title: "Bonus aanvragen", path: "/bonus", userPermissions: ["BONUS"] }),
  ];

  it("in its titles and order, with its own links, and every other menu screen after the last screen it names", () => {
    const entries = accountMenuEntries(cms, ctx("nl"));
    expect(entries.slice(0, 3)).toEqual([
      { kind: "screen", screen: "invoices", title: "Mijn facturen" },
      { kind: "screen", screen: "dashboard", title: "Start" },
      { kind: "screen", screen: "documents", title: "Documenten" },
    ]);
    expect(entries.at(-1)).toEqual({ kind: "link", id: "c", title: "Webshop", href: "https://shop.example/", external: true, permissions: ["FACTUREN"] });
    // Named twice: once. Not a menu screen (the bonus tool opens from its overview): left out.
    const screens = entries.flatMap((entry) => (entry.kind === "screen" ? [entry.screen] : []));
    expect(screens.filter((id) => id === "invoices")).toHaveLength(1);
    expect(screens).not.toContain("bonusTool");
    expect(screens.sort()).toEqual(SCREEN_IDS.filter((id) => SCREENS[id].inMenu).sort());
    expect(screenTitle(entries, "invoices", "nl")).toBe("Mijn facturen");
  });

  it("shows a person the screens their permissions open and the links they may follow", () => {
    const entries = accountMenuEntries(cms, ctx("en"));
    const seen = (held: Parameters<typeof visibleEntries>[1]): string[] =>
      visibleEntries(entries, held, 1).map((entry) => (entry.kind === "screen" ? entry.screen : entry.id));
    expect(seen(["DOCUMENTEN"])).not.toContain("invoices");
    expect(seen(["DOCUMENTEN"])).not.toContain("c");
    expect(seen(["FACTUREN"]).slice(0, 2)).toEqual(["invoices", "dashboard"]);
    expect(seen(["FACTUREN"])).toContain("account");
    expect(seen(["FACTUREN"]).at(-1)).toBe("c");
    expect(seen(["FACTUREN"])).not.toContain("outlets");
  });

  it("the demo CMS's menu has no problem in either language, and names a screen and a link of its own", () => {
    for (const [lang, locale] of [["nl", "nl-NL"], ["en", "en-US"]] as const) {
      const menu = siteSeed(lang).accountMenu;
      expect(accountMenuProblems(menu, locale)).toEqual([]);
      const entries = accountMenuEntries(menu, ctx(lang));
      expect(entries.some((entry) => entry.kind === "link")).toBe(true);
      expect(entries[0]).toMatchObject({ kind: "screen", screen: "dashboard" });
    }
  });

  it("says, in words for the content team, where an item disagrees with the registry", () => {
    const problems = accountMenuProblems(
      [
        item({ id: "account-facturen", title: "Facturen", path: "/mijn-account/facturen", userPermissions: ["FACTUREN", "BONUS"] }),
        item({ id: "account-profiel", title: "Profiel", path: "/mijn-account/profiel", userPermissions: [] }),
        item({ id: "account-oud", title: "Oud scherm", path: "/mijn-account/bestaat-niet" }),
      ],
      "nl-NL",
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/Accountmenu \(nl-NL\), item "Facturen" \(account-facturen\): de rechten in het CMS \(FACTUREN, BONUS\) verschillen van de rechten waarmee het scherm \/mijn-account\/facturen opent \(FACTUREN\)/);
    expect(problems[0]).toMatch(/The permissions in the CMS \(FACTUREN, BONUS\) differ/);
    expect(problems[1]).toMatch(/\/mijn-account\/bestaat-niet is geen scherm van het portaal/);
  });

  it("stops the build with those words", async () => {
    const init = siteSeed("nl");
    const broken = { ...init, accountMenu: [item({ id: "x", title: "Facturen", path: "/mijn-account/facturen", userPermissions: [] })] };
    const api: ContentApi = { get: (async () => broken) as unknown as ContentApi["get"] };
    const data = createSiteData(api);
    await expect(data.init("nl-NL")).rejects.toThrow(ContentError);
    await expect(data.init("nl-NL")).rejects.toThrow(/item "Facturen" \(x\): de rechten in het CMS \(geen \/ none\)/);
  });
});
