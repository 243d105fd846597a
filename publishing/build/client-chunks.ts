/**
 * How the browser's JavaScript is cut into chunks. Left to itself the bundler gives every set of
 * modules shared by a different set of pages a chunk of its own: the first portal page then loads
 * some thirty small files, and gzip, which compresses each file on its own, cannot share what they
 * have in common (measured: 42.7 KB gzip as separate files, 34.9 KB as one). So:
 * - `react`: React, React DOM and Astro's React renderer, one chunk every island page loads;
 * - `portal`: the portal shell, i.e. every module the guard of the private pages
 *   (`PortalGuard.tsx`) and the header's account panel (`mount-account-panel.tsx`) import
 *   statically: auth, stores, API client with ky, nanostores, the strings loader. Each portal
 *   screen loads it anyway.
 * Modules a public page's own scripts import statically (a `<script>` of an Astro component) stay
 * out of the shell, so an anonymous visitor never downloads it: the runtime settings and valibot,
 * which the contact form uses too, keep chunks of their own. Lazily loaded modules (the OIDC
 * library and its flows, ID-token checks, error views) stay out as well: they are not static
 * imports. As everything such an excluded module imports is excluded too, the shell only ever
 * imports other chunks, never the other way round, so no chunk cycle changes the execution order.
 */
import path from "node:path";
import type { ChunkingContext, CodeSplittingOptions, Plugin } from "rolldown";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The modules whose static imports make up the portal shell: the guard and the account panel, and
 * the dashboard, the first portal page everyone lands on after signing in. Its modules (the block
 * loader, the figures, the inbox) would otherwise be a dozen small shared chunks on that page.
 */
const SHELL_ROOTS = [
  "src/islands/shell/PortalGuard.tsx",
  "src/islands/shell/mount-account-panel.tsx",
  "src/islands/dashboard/DashboardIsland.tsx",
].map((file) => path.join(root, file));
/** Island entries among the roots: they stay chunks of their own. */
const ISLAND_ENTRIES = new Set([path.join(root, "src/islands/dashboard/DashboardIsland.tsx")]);
const REACT = /node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;
/** Ids of the scripts of Astro components (`Header.astro?astro&type=script&index=0&lang.ts`). */
const PAGE_SCRIPT = /\?astro&type=script/;

/** Module ids reachable from `start` through static imports. */
function staticClosure(ctx: ChunkingContext, start: string[]): Set<string> {
  const found = new Set<string>();
  const queue = [...start];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (found.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    found.add(id);
    queue.push(...info.importedIds);
  }
  return found;
}

/** True when some page script imports `id`, directly or through other static imports. */
function importedByPageScript(ctx: ChunkingContext, id: string): boolean {
  const seen = new Set<string>();
  const queue = [id];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    if (seen.has(current)) continue;
    seen.add(current);
    if (PAGE_SCRIPT.test(current)) return true;
    queue.push(...(ctx.getModuleInfo(current)?.importers ?? []));
  }
  return false;
}

/** The `codeSplitting` option of the client build (one instance per build: it caches the shell). */
export function clientCodeSplitting(): CodeSplittingOptions {
  let shell: Set<string> | undefined;
  const inShell = new Map<string, boolean>();
  return {
    // A group takes only the modules it names; their other imports keep their own chunks (the
    // default would pull them in, and with them the public pages' scripts into the shell).
    includeDependenciesRecursively: false,
    groups: [
      { name: "react", test: REACT, priority: 20 },
      {
        name: (id, ctx) => {
          shell ??= staticClosure(ctx, SHELL_ROOTS);
          // An island's own entry module keeps its chunk: Astro loads each island by that file.
          if (!inShell.has(id)) inShell.set(id, shell.has(id) && !ISLAND_ENTRIES.has(id) && !REACT.test(id) && !importedByPageScript(ctx, id));
          return inShell.get(id) ? "portal" : null;
        },
        priority: 10,
      },
    ],
  };
}

/**
 * Astro builds the client with `preserveEntrySignatures: "exports-only"`, which the bundler refuses
 * together with `includeDependenciesRecursively: false`; "allow-extension" keeps every export an
 * island entry has and lets it carry the grouped modules' exports too.
 */
export const allowEntryExtension: Plugin & { applyToEnvironment: (environment: { name: string }) => boolean } = {
  name: "klantportaal:allow-entry-extension",
  applyToEnvironment: (environment) => environment.name === "client",
  options: (options) => ({ ...options, preserveEntrySignatures: "allow-extension" }),
};
