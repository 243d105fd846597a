import { describe, expect, it } from "vitest";
import { isPrivatePath, langOf, offlinePageFor, pathKind, routeOf } from "../../src/core/offline/routes.ts";

describe("offline routes", () => {
  it("treats every private route as private in both languages, with .html and trailing slashes", () => {
    for (const path of [
      "/mijn-account",
      "/mijn-account/facturen",
      "/en/mijn-account/dashboard",
      "/tht",
      "/en/tht",
      "/bonus",
      "/bonus/2",
      "/bonus-overzicht",
      "/consent",
      "/en/consent",
      "/callback",
      "/callback.html",
      "/silent-renew",
      "/inloggen",
      "/en/inloggen/",
      "/uitloggen",
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
      expect(pathKind(path), path).toBe("private");
    }
  });

  it("judges the path the server opens: encoded letters, doubled slashes and case are still private", () => {
    for (const path of [
      "/%6Dijn-account/dashboard",
      "/mijn-account%2Fdashboard",
      "//mijn-account//dashboard/",
      "/Mijn-Account/Dashboard",
      "/en//mijn-account/dashboard",
      "/%63allback",
      "/CALLBACK.HTML",
      "/en/%75itloggen",
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
      expect(pathKind(path), path).toBe("private");
    }
  });

  it("keeps public neighbours of private routes public", () => {
    for (const path of [
      "/",
      "/en",
      "/vragen-tht",
      "/thema",
      "/consent-info",
      "/nieuws",
      "/contact",
      "/en/callbacks",
    ]) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });

  it("tells news lists from articles", () => {
    expect(pathKind("/nieuws")).toBe("news-list");
    expect(pathKind("/en/nieuws")).toBe("news-list");
    expect(pathKind("/nieuws/producten")).toBe("news-list");
    expect(pathKind("/nieuws/pagina/bierproeverij-in-de-brouwerij")).toBe("news-list");
    expect(pathKind("/nieuws/producten/pagina/nieuwe-ipa")).toBe("news-list");
    expect(pathKind("/nieuws/producten/nieuwe-ipa")).toBe("article");
    expect(pathKind("/en/nieuws/producten/nieuwe-ipa.html")).toBe("article");
    expect(pathKind("/nieuwsbrief")).toBe("other");
    expect(pathKind("/zoeken")).toBe("search");
    expect(pathKind("/en/offline")).toBe("offline");
    expect(pathKind("/contact")).toBe("other");
  });

  it("finds the offline page and language of a path", () => {
    expect(offlinePageFor("/contact")).toBe("/offline.html");
    expect(offlinePageFor("/en/mijn-account/facturen")).toBe("/en/offline.html");
    expect(offlinePageFor("/en")).toBe("/en/offline.html");
    expect(langOf("/en/nieuws/")).toBe("en");
    expect(langOf("/energie")).toBe("nl");
    expect(routeOf("/en/nieuws/")).toBe("/nieuws");
    expect(routeOf("/index.html")).toBe("/index");
  });
});
