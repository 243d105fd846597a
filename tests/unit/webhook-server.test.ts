import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentRelease, listReleases, releaseStore } from "../../publishing/releases/releases.ts";
import { memoryLogger } from "../../publishing/server/log.ts";
import { sendContentWebhook } from "../../publishing/server/notify.ts";
import { TOPIC_HEADER } from "../../publishing/server/payload.ts";
import { createSitePipeline, type SiteBuilder } from "../../publishing/server/pipeline.ts";
import { createBuildQueue } from "../../publishing/server/queue.ts";
import { createRebuildServer, type RebuildSite, type SiteName } from "../../publishing/server/server.ts";
import { createVerifier, signRequest } from "../../publishing/server/signature.ts";
import { writeFakeSite } from "./support/fake-site.ts";

const SECRET = "webhook-secret";
const ADMIN = "admin-secret";

type Harness = {
  url: string;
  sites: Record<SiteName, RebuildSite>;
  builds: Record<SiteName, number>;
  /** Lets every build that is waiting finish. */
  release: () => void;
  close: () => Promise<void>;
};

let harness: Harness;
let dir: string;

/** A rebuild server over fake builds that wait until the test releases them. */
async function startHarness(): Promise<Harness> {
  const builds = { live: 0, preview: 0 };
  let gates: (() => void)[] = [];
  const builder =
    (site: SiteName): SiteBuilder =>
    async (outDir) => {
      builds[site]++;
      await new Promise<void>((resolve) => gates.push(resolve));
      await writeFakeSite(outDir, `${site} build ${builds[site]}`);
    };
  const log = memoryLogger();
  const makeSite = (site: SiteName): RebuildSite => {
    const pipeline = createSitePipeline({ site, store: releaseStore(path.join(dir, site)), build: builder(site), log });
    return { pipeline, queue: createBuildQueue(async (triggers) => void (await pipeline.run(triggers))) };
  };
  const sites = { live: makeSite("live"), preview: makeSite("preview") };
  const server = createRebuildServer({
    verify: createVerifier({ secret: SECRET, now: Date.now, requiredSignedHeaders: [TOPIC_HEADER] }),
    sites,
    adminSecret: ADMIN,
    log,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sites,
    builds,
    release: () => {
      const open = gates;
      gates = [];
      for (const resolve of open) resolve();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Lets builds finish until both queues are idle. */
async function settle(h: Harness): Promise<void> {
  const idle = Promise.all([h.sites.live.queue.idle(), h.sites.preview.queue.idle()]);
  let done = false;
  void idle.then(() => (done = true));
  while (!done) {
    h.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const publish = (slug: string) =>
  sendContentWebhook({ url: `${harness.url}/hooks/content`, secret: SECRET, change: { action: "publish", type: "article", slug, locale: "nl-NL" } });

function post(body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${harness.url}/hooks/content`, { method: "POST", headers, body });
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "kp-webhook-"));
  harness = await startHarness();
});
afterEach(async () => {
  await settle(harness);
  await harness.close();
  await rm(dir, { recursive: true, force: true });
});

describe("POST /hooks/content", () => {
  it("accepts a signed publish, builds both sites and makes each release live", async () => {
    expect(await publish("nieuw-artikel")).toBe(202);
    await settle(harness);
    expect(harness.builds).toEqual({ live: 1, preview: 1 });
    expect(await currentRelease(harness.sites.live.pipeline.store)).not.toBeNull();
  });

  it("builds only the preview for a draft edit", async () => {
    const status = await sendContentWebhook({
      url: `${harness.url}/hooks/content`,
      secret: SECRET,
      change: { action: "edit", type: "article", slug: "concept", locale: "nl-NL" },
    });
    expect(status).toBe(202);
    await settle(harness);
    expect(harness.builds).toEqual({ live: 0, preview: 1 });
  });

  it("answers 401 to a bad or missing signature and builds nothing", async () => {
    const wrong = await sendContentWebhook({
      url: `${harness.url}/hooks/content`,
      secret: "not-the-secret",
      change: { action: "publish", type: "article", slug: "x", locale: "nl-NL" },
    });
    expect(wrong).toBe(401);
    const unsigned = await post('{"sys":{"id":"x","type":"Entry"}}', {
      "content-type": "application/json",
      [TOPIC_HEADER]: "ContentManagement.Entry.publish",
    });
    expect(unsigned.status).toBe(401);
    await settle(harness);
    expect(harness.builds).toEqual({ live: 0, preview: 0 });
  });

  it("answers 413 to an oversized body", async () => {
    const body = JSON.stringify({ sys: { id: "x", type: "Entry" }, padding: "x".repeat(300 * 1024) });
    const headers = { "content-type": "application/json", [TOPIC_HEADER]: "ContentManagement.Entry.publish" };
    const signature = signRequest(SECRET, { method: "POST", path: "/hooks/content", headers, body }, Date.now());
    const response = await post(body, { ...headers, ...signature });
    expect(response.status).toBe(413);
  });

  it("answers 400 to a correctly signed but malformed payload", async () => {
    const send = async (body: string, topic: string): Promise<number> => {
      const headers = { "content-type": "application/json", [TOPIC_HEADER]: topic };
      const signature = signRequest(SECRET, { method: "POST", path: "/hooks/content", headers, body }, Date.now());
      return (await post(body, { ...headers, ...signature })).status;
    };
    expect(await send("{not json", "ContentManagement.Entry.publish")).toBe(400);
    expect(await send('{"fields":{}}', "ContentManagement.Entry.publish")).toBe(400);
    expect(await send('{"sys":{"id":"x","type":"Entry"}}', "ContentManagement.Entry.explode")).toBe(400);
  });

  it("folds a burst of 20 webhooks into at most 2 builds per site", async () => {
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, n) => publish(`artikel-${n}`)));
    expect(statuses.every((status) => status === 202)).toBe(true);
    await settle(harness);
    expect(harness.builds.live).toBeGreaterThanOrEqual(1);
    expect(harness.builds.live).toBeLessThanOrEqual(2);
    expect(harness.builds.preview).toBeLessThanOrEqual(2);
    const last = harness.sites.live.pipeline.lastBuild();
    expect(last?.result).toBe("success");
  });

  it("folds what arrives during a build into one pending build", async () => {
    expect(await publish("eerste")).toBe(202);
    // The first build is running (waiting at its gate); these three wait together.
    await Promise.all(["a", "b", "c"].map((slug) => publish(slug)));
    const state = harness.sites.live.queue.state();
    expect(state.running?.map((t) => t.id)).toEqual(["article:eerste"]);
    expect(state.queued.map((t) => t.id)).toEqual(["article:a", "article:b", "article:c"]);
    await settle(harness);
    expect(harness.builds.live).toBe(2);
    expect(await listReleases(harness.sites.live.pipeline.store)).toHaveLength(2);
  });
});

describe("GET /hooks/status", () => {
  it("answers no one without the admin secret or a publications session", async () => {
    const refused = await fetch(`${harness.url}/hooks/status`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "unauthorized" });
    expect((await fetch(`${harness.url}/hooks/status`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    const session = await signIn("/publicaties", ADMIN);
    expect((await fetch(`${harness.url}/hooks/status`, { headers: { cookie: session } })).status).toBe(200);
  });

  it("reports the live release, the last build's result, duration and trigger, and the queue", async () => {
    await publish("status-artikel");
    await settle(harness);
    const body = (await (await fetch(`${harness.url}/hooks/status`, { headers: { authorization: `Bearer ${ADMIN}` } })).json()) as {
      sites: Record<string, { live: string; lastBuild: { result: string; durationMs: number; triggers: { id: string }[] }; queued: unknown[] }>;
    };
    const live = body.sites["live"];
    expect(live?.live).toBe(await currentRelease(harness.sites.live.pipeline.store));
    expect(live?.lastBuild.result).toBe("success");
    expect(live?.lastBuild.durationMs).toBeGreaterThanOrEqual(0);
    expect(live?.lastBuild.triggers.map((t) => t.id)).toEqual(["article:status-artikel"]);
    expect(live?.queued).toEqual([]);
  });
});

/** Signs in on a receipt page with `secret`; the session cookie when it worked, "" when not. */
async function signIn(pathname: string, secret: string): Promise<string> {
  const response = await fetch(`${harness.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ secret }).toString(),
    redirect: "manual",
  });
  return response.status === 303 ? (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "" : "";
}

describe("the publish receipt", () => {
  it("asks for the publishing key, in Dutch and English, and refuses a wrong one", async () => {
    for (const [pathname, text] of [["/publicaties", "Publicatiesleutel"], ["/en/publications", "Publishing key"]] as const) {
      const page = await fetch(`${harness.url}${pathname}`);
      expect(page.status).toBe(401);
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(await page.text()).toContain(text);
    }
    const wrong = await fetch(`${harness.url}/publicaties`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "secret=geraden" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Deze sleutel klopt niet");
    expect(await signIn("/publicaties", "geraden")).toBe("");
  });

  it("marks the session cookie Secure when the request came over https (the reverse proxy says so), not on plain local http", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${harness.url}/publicaties`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ secret: ADMIN }).toString(),
        redirect: "manual",
      });
    const proxied = await post({ "x-forwarded-proto": "https" });
    expect(proxied.status).toBe(303);
    expect(proxied.headers.get("set-cookie")).toMatch(/^kp_publications=.*; HttpOnly; SameSite=Strict; .*; Secure$/);
    expect((await post({})).headers.get("set-cookie")).not.toContain("Secure");
  });

  it("lists each change: received, the path, pages rendered, live at and how long it took", async () => {
    await publish("bon-artikel");
    await settle(harness);
    const session = await signIn("/en/publications", ADMIN);
    expect(session).toMatch(/^kp_publications=/);
    const english = await (await fetch(`${harness.url}/en/publications`, { headers: { cookie: session } })).text();
    expect(english).toContain("article bon-artikel published");
    expect(english).toMatch(/Live at \d\d:\d\d:\d\d, \d+\.\d seconds after it was received/);
    const dutch = await (await fetch(`${harness.url}/publicaties`, { headers: { cookie: session } })).text();
    expect(dutch).toContain("artikel bon-artikel gepubliceerd");
    expect(dutch).toMatch(/Live om \d\d:\d\d:\d\d, \d+,\d seconden na ontvangst/);
    // A session signed with another key, or expired, is no session.
    expect((await fetch(`${harness.url}/publicaties`, { headers: { cookie: "kp_publications=99999999999999.abc" } })).status).toBe(401);
  });
});

describe("POST /admin/rollback", () => {
  it("needs the admin secret and rolls the live site back one release", async () => {
    await publish("een");
    await settle(harness);
    await publish("twee");
    await settle(harness);
    const store = harness.sites.live.pipeline.store;
    const [first, second] = await listReleases(store);
    expect(await currentRelease(store)).toBe(second);

    const refused = await fetch(`${harness.url}/admin/rollback?site=live`, { method: "POST", headers: { authorization: "Bearer nope" } });
    expect(refused.status).toBe(401);
    expect(await currentRelease(store)).toBe(second);

    const done = await fetch(`${harness.url}/admin/rollback?site=live`, { method: "POST", headers: { authorization: `Bearer ${ADMIN}` } });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ site: "live", from: second, to: first });
    expect(await currentRelease(store)).toBe(first);

    const none = await fetch(`${harness.url}/admin/rollback?site=live`, { method: "POST", headers: { authorization: `Bearer ${ADMIN}` } });
    expect(none.status).toBe(409);
  });
});
