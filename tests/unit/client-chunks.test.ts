import path from "node:path";
import type { ChunkingContext, CodeSplittingGroup, ModuleInfo } from "rolldown";
import { describe, expect, it } from "vitest";
import { clientCodeSplitting } from "../../publishing/build/client-chunks.ts";

const root = path.resolve(import.meta.dirname, "../..");
const id = (file: string): string => path.join(root, file);

const GUARD = id("src/islands/shell/PortalGuard.tsx");
const PANEL = id("src/islands/shell/mount-account-panel.tsx");
const SESSION = id("src/core/session/session.ts");
const SETTINGS = id("src/core/settings.ts");
const FLOWS = id("src/core/auth/oidc-flows.ts");
const INVOICES = id("src/islands/business/invoices/InvoicesIsland.tsx");
const REACT_DOM = id("node_modules/react-dom/cjs/react-dom-client.production.js");
const CONTACT_SCRIPT = id("src/components/ContactForm.astro?astro&type=script&index=0&lang.ts");

/** A module graph: each module's static imports (dynamic ones are not edges here). */
const GRAPH: Record<string, string[]> = {
  [GUARD]: [SESSION, REACT_DOM],
  [PANEL]: [SESSION, REACT_DOM],
  [SESSION]: [SETTINGS],
  [SETTINGS]: [],
  [FLOWS]: [SESSION],
  [INVOICES]: [GUARD],
  [REACT_DOM]: [],
  [CONTACT_SCRIPT]: [SETTINGS],
};

function context(): ChunkingContext {
  const importers = (module: string): string[] =>
    Object.keys(GRAPH).filter((other) => GRAPH[other]?.includes(module));
  return {
    getModuleInfo: (module) =>
      module in GRAPH ? ({ importedIds: GRAPH[module], importers: importers(module) } as unknown as ModuleInfo) : null,
  };
}

/** The chunk each group puts a module in (the first group that names it, by priority). */
function chunkOf(module: string): string | null {
  const { groups = [] } = clientCodeSplitting();
  const ctx = context();
  const sorted = [...groups].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  for (const group of sorted as CodeSplittingGroup[]) {
    if (typeof group.name === "function") {
      const name = group.name(module, ctx);
      if (name) return name;
    } else if (group.test instanceof RegExp && group.test.test(module)) return group.name;
  }
  return null;
}

describe("client chunks", () => {
  it("puts React in its own chunk", () => {
    expect(chunkOf(REACT_DOM)).toBe("react");
  });

  it("puts the guard, the account panel and what they import statically in the portal shell", () => {
    expect(chunkOf(GUARD)).toBe("portal");
    expect(chunkOf(PANEL)).toBe("portal");
    expect(chunkOf(SESSION)).toBe("portal");
  });

  it("keeps out what a public page's script imports, so an anonymous visitor never loads the shell", () => {
    expect(chunkOf(SETTINGS)).toBeNull();
  });

  it("keeps out modules the shell does not import statically (lazy flows, the screens)", () => {
    expect(chunkOf(FLOWS)).toBeNull();
    expect(chunkOf(INVOICES)).toBeNull();
  });

  it("takes only the modules it names, not their other imports", () => {
    expect(clientCodeSplitting().includeDependenciesRecursively).toBe(false);
  });
});
