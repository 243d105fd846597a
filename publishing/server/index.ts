/**
 * Puts the publishing side together for one deployment: the live and preview pipelines, a coalescing
 * queue each, and the rebuild server in front of them. `npm start` calls it with the local stack's
 * values; a real deployment passes its own (CMS secret from the environment, deploy command, origins).
 */
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import type { RuntimeSettings } from "../../src/core/settings.ts";
import { buildSite, finishBuild, isInsideProject, projectWorkDirFor } from "../build/build-site.ts";
import { createScriptHashIndex, type ScriptHashIndex } from "../build/script-hash-index.ts";
import { createWarmRenderer, type WarmRenderer } from "../warm-renderer/client.ts";
import { warmFastPath } from "./fast-path.ts";
import { currentRelease, releaseStore } from "../releases/releases.ts";
import { commandDeployStep } from "./deploy.ts";
import type { Logger } from "./log.ts";
import { createSitePipeline, type BuildRecord, type FastPath, type SiteBuilder } from "./pipeline.ts";
import { createBuildQueue, type Trigger } from "./queue.ts";
import { createRebuildServer, type RebuildSite, type SiteName } from "./server.ts";
import { createVerifier } from "./signature.ts";
import { createScheduler, type Scheduler } from "./schedule.ts";
import { TOPIC_HEADER } from "./payload.ts";
import { createEditorSignIn, type EditorSignInSettings } from "./editor-sign-in.ts";
import { createCmsCallback, type CmsCallback, type CmsCallbackSettings } from "./cms-callback.ts";

type SiteTarget = {
  /** Public origin of this site (canonical URLs, the CSP's own origin). */
  siteUrl: string;
  settings: RuntimeSettings;
};

export type PublishingOptions = {
  /** Holds `live/` and `preview/` release stores. */
  releasesDir: string;
  contentApiUrl: string;
  contentApiKey: string;
  live: SiteTarget;
  preview: SiteTarget;
  imageOrigin?: string | undefined;
  webhookSecret: string;
  adminSecret: string;
  /** The content team's sign-in at the identity provider for the publish receipt (besides the key). */
  editorSignIn?: EditorSignInSettings | undefined;
  /** Where the CMS wants the signed receipt of each change that went live or failed (cms-callback.ts). */
  cmsCallback?: CmsCallbackSettings | undefined;
  /** Shell command run after each swap (KP_DEPLOY_COMMAND); none locally. */
  deployCommand?: string | undefined;
  port: number;
  host?: string;
  log: Logger;
  /** Receives astro's output lines; dropped by default. */
  buildLog?: ((site: SiteName, line: string) => void) | undefined;
  /** Quiet time before an idle queue starts a build (one editorial action sends several webhooks). */
  settleMs?: number | undefined;
  /** Told the process id of each full build's warm renderer (the benchmark samples its memory). */
  onBuildProcess?: ((site: SiteName, pid: number) => void) | undefined;
  /** False: every change takes the full build (no warm renderer). Default true. */
  fastPath?: boolean | undefined;
  /** Replaces the real build of a site (tests, the benchmark); undefined keeps the real one. */
  builder?: (site: SiteName) => SiteBuilder | undefined;
  /** Makes each site's warm renderer (tests); default a real one. */
  renderer?: ((site: SiteName) => WarmRenderer) | undefined;
  /** The scheduler's clock seam (epoch ms) and timer; real time by default. */
  now?: (() => number) | undefined;
  setTimer?: ((ms: number, run: () => void) => () => void) | undefined;
};

export type Publishing = {
  url: string;
  server: http.Server;
  sites: Record<SiteName, RebuildSite>;
  scheduler: Scheduler;
  /** The signed receipts to the CMS, when configured. */
  cmsCallback: CmsCallback | undefined;
  /** Queues a build not caused by a webhook (startup, manual). */
  trigger: (site: SiteName, topic: string) => void;
  close: () => Promise<void>;
};

/**
 * Long enough for the webhooks of one action, sent together, to arrive together; every publish
 * waits it, so it is kept short (webhooks arriving later fold into the build after).
 */
const DEFAULT_SETTLE_MS = 30;

/** The preview's renderer's scheduling priority (`nice`): below the live one's, which visitors wait for. */
const PREVIEW_NICENESS = 10;

/**
 * The preview's warm renderer runs at a lower priority. A draft edit starts the preview's render and
 * the publish right after starts the live one while it still runs; on a machine of few cores the two
 * would share the CPU evenly. The queue already holds the preview back while the live site has work;
 * this covers the render that began first.
 */
function yieldToLive(pid: number, log: Logger): void {
  try {
    os.setPriority(pid, PREVIEW_NICENESS);
  } catch (error) {
    log("preview-priority-unchanged", { error: String(error) });
  }
}

/** The release store folder of a site. */
export const storeDirFor = (releasesDir: string, site: SiteName): string => path.join(releasesDir, site);

/** The live site's live release folder, or null before its first release. */
async function liveReleaseDir(releasesDir: string): Promise<string | null> {
  const store = releaseStore(storeDirFor(releasesDir, "live"));
  const id = await currentRelease(store);
  return id ? path.join(store.releases, id) : null;
}

/**
 * `waitForLive`: awaited once the pages are rendered and between batches of the finishing steps, so
 * that a preview rendering beside the live site leaves it the cores for what follows.
 */
export function astroBuilder(
  options: PublishingOptions,
  site: SiteName,
  renderer?: WarmRenderer,
  hashes?: ScriptHashIndex,
  waitForLive?: () => Promise<void>,
): SiteBuilder {
  const target = options[site];
  if (renderer) {
    // The full build runs in a warm renderer, which then stays to publish single changes.
    return async (outDir, context) => {
      // Where a full build spends its time, step by step (docs/publishing.md, "Where the time goes").
      const ms: Record<string, number> = {};
      let last = Date.now();
      const lap = (step: string): void => {
        ms[step] = Date.now() - last;
        last = Date.now();
      };
      await renderer.build({
        outDir,
        contentApiUrl: options.contentApiUrl,
        contentApiKey: options.contentApiKey,
        siteUrl: target.siteUrl,
        preview: site === "preview",
        cacheDir: context.cacheDir,
        signal: context.signal,
        log: options.buildLog ? (line) => options.buildLog?.(site, line) : undefined,
        onProcess: (pid) => {
          if (site === "preview") yieldToLive(pid, options.log);
          options.onBuildProcess?.(site, pid);
        },
      });
      lap("astro");
      await waitForLive?.();
      lap("wait-for-live");
      await finishBuild({
        outDir,
        settings: target.settings,
        imageOrigin: options.imageOrigin,
        preview: site === "preview",
        reuseCompressedFrom: context.liveDir,
        reuseAssetsFrom: site === "preview" ? await liveReleaseDir(options.releasesDir) : null,
        onStep: lap,
        // The fast path's index of the pages' inline-script hashes starts from this build.
        ...(hashes ? { hashes } : {}),
        ...(waitForLive ? { pause: waitForLive } : {}),
      });
      await hashes?.seal(outDir);
      lap("seal");
      options.log("build.steps", { site, ms });
    };
  }
  return async (outDir, context) =>
    buildSite({
      outDir,
      contentApiUrl: options.contentApiUrl,
      contentApiKey: options.contentApiKey,
      siteUrl: target.siteUrl,
      preview: site === "preview",
      settings: target.settings,
      cacheDir: context.cacheDir,
      imageOrigin: options.imageOrigin,
      reuseCompressedFrom: context.liveDir,
      reuseAssetsFrom: site === "preview" ? await liveReleaseDir(options.releasesDir) : null,
      signal: context.signal,
      log: options.buildLog ? (line) => options.buildLog?.(site, line) : undefined,
    });
}

export async function startPublishing(options: PublishingOptions): Promise<Publishing> {
  const deploy = options.deployCommand ? commandDeployStep(options.deployCommand) : undefined;
  const renderers: WarmRenderer[] = [];
  /** Each site's fast path, whose spares are still being copied in the background at a close. */
  const fastPaths: FastPath[] = [];
  /** The preview's warm renderer, held while the live site publishes. */
  let previewRenderer: WarmRenderer | undefined;
  /** The live site's queue, once made (the preview's runs wait for it). */
  const liveQueue: { current?: RebuildSite["queue"] } = {};
  const cmsCallback = options.cmsCallback
    ? createCmsCallback({ settings: options.cmsCallback, log: options.log, now: options.now, setTimer: options.setTimer })
    : undefined;
  const makeSite = (site: SiteName): RebuildSite => {
    const store = releaseStore(storeDirFor(options.releasesDir, site));
    const custom = options.builder?.(site);
    const renderer = custom || options.fastPath === false ? undefined : (options.renderer?.(site) ?? createWarmRenderer());
    if (renderer) renderers.push(renderer);
    if (site === "preview") previewRenderer = renderer;
    const hashes = createScriptHashIndex();
    const workDir = isInsideProject(store.root) ? store.work : projectWorkDirFor(store.root);
    const fast = renderer
      ? warmFastPath(renderer, { settings: options[site].settings, imageOrigin: options.imageOrigin, preview: site === "preview", hashes, spareDir: `${workDir}-spare` })
      : undefined;
    if (fast) fastPaths.push(fast);
    const waitForLive = site === "preview" ? () => liveQueue.current?.idle() ?? Promise.resolve() : undefined;
    const pipeline = createSitePipeline({
      site,
      store,
      build: custom ?? astroBuilder(options, site, renderer, hashes, waitForLive),
      fast,
      workDir,
      deploy,
      log: options.log,
    });
    const run = async (triggers: Trigger[]): Promise<void> => {
      pipeline.changeComing();
      // On a machine of few cores the preview's publish would halve the speed of the live one, which
      // visitors see: the preview starts once the live site has nothing to do. Its full build with
      // no warm renderer yet (the first after a start) is the exception: it renders beside the
      // live site at a lower priority, and its finishing steps wait for the live site (astroBuilder).
      const rendersBeside = renderer !== undefined && !renderer.ready();
      if (site === "preview" && !rendersBeside) await liveQueue.current?.idle();
      // A preview render that began first (the draft edit comes just before its publish) is held
      // while the live one publishes: on two cores a lower priority alone still leaves it a core,
      // and its content calls beside the live site's. A live full build with no warm renderer (a
      // start) takes minutes and holds nothing: the preview's first build renders beside it.
      const release = site === "live" && !rendersBeside ? previewRenderer?.hold() : undefined;
      let record: BuildRecord;
      try {
        record = await pipeline.run(triggers);
      } finally {
        release?.();
      }
      // Told beside the publish: the next build does not wait for the CMS.
      cmsCallback?.send(site, record);
    };
    return { pipeline, queue: createBuildQueue(run, { settleMs: options.settleMs ?? DEFAULT_SETTLE_MS }) };
  };
  const sites = { live: makeSite("live"), preview: makeSite("preview") };
  liveQueue.current = sites.live.queue;
  // Scheduled publishes and unpublishes reach both sites at their time, all of one minute together.
  const scheduler = createScheduler({
    file: path.join(options.releasesDir, "schedule.json"),
    fire: (triggers) => {
      for (const site of [sites.live, sites.preview]) for (const trigger of triggers) site.queue.enqueue(trigger);
    },
    log: options.log,
    now: options.now,
    setTimer: options.setTimer,
  });
  await scheduler.start();
  const server = createRebuildServer({
    scheduler,
    verify: createVerifier({ secret: options.webhookSecret, now: Date.now, requiredSignedHeaders: [TOPIC_HEADER] }),
    sites,
    adminSecret: options.adminSecret,
    editorSignIn: options.editorSignIn ? createEditorSignIn({ settings: options.editorSignIn, log: options.log, now: options.now }) : undefined,
    log: options.log,
  });
  const host = options.host ?? "localhost";
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  options.log("rebuild.listening", { url: `http://${host}:${options.port}` });

  return {
    url: `http://${host}:${options.port}`,
    server,
    sites,
    scheduler,
    cmsCallback,
    trigger: (site, topic) => {
      const trigger: Trigger = { source: "manual", topic, id: site, at: new Date().toISOString() };
      sites[site].queue.enqueue(trigger);
    },
    close: async () => {
      scheduler.close();
      cmsCallback?.close();
      for (const { pipeline } of Object.values(sites)) pipeline.abort();
      for (const renderer of renderers) renderer.discard();
      // Nothing may still write into the release stores once closed.
      await Promise.all(Object.values(sites).map(({ pipeline }) => pipeline.searchIndexIdle()));
      await Promise.all(fastPaths.map((fast) => fast.close?.()));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
