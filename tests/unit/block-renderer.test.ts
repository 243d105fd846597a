import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ResourceState } from "../../src/core/stores/resource.ts";
import { Block } from "../../src/islands/shared/Block.tsx";

/** The one renderer of a block of data, state by state, as HTML (what a screen reader and a test see). */

type List = { items: string[] };

function render(state: ResourceState<List>, extra: { title?: string } = {}): string {
  return renderToStaticMarkup(
    createElement(Block<List>, {
      lang: "nl",
      name: "things",
      state,
      onRetry: () => undefined,
      isEmpty: (data: List) => data.items.length === 0,
      empty: "Nog niets.",
      children: (data: List): ReactNode => createElement("ul", null, ...data.items.map((item) => createElement("li", { key: item }, item))),
      ...extra,
    }),
  );
}

describe("Block", () => {
  it("shows a skeleton while nothing is there yet, and marks the block busy", () => {
    const html = render({ status: "loading", data: undefined });
    expect(html).toContain('data-state="loading"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("kp-skeleton");
    expect(html).not.toContain("<ul>");
  });

  it("keeps the shown data while the next load runs", () => {
    const html = render({ status: "loading", data: { items: ["a"] } });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("<li>a</li>");
    expect(html).not.toContain("kp-skeleton");
  });

  it("gives every kind of failure the same message and retry, the kind marked, the old data below", () => {
    const kinds = ["network", "contract", "http"] as const;
    const shown = kinds.map((kind) => render({ status: "error", kind, error: new Error(kind), data: undefined }));
    for (const [index, html] of shown.entries()) {
      expect(html).toContain('role="alert"');
      expect(html).toContain(`data-failure="${kinds[index] ?? ""}"`);
      expect(html).toContain("Dit onderdeel kon niet worden geladen.");
      expect(html).toContain(">Opnieuw proberen</button>");
    }
    expect(render({ status: "error", kind: "contract", error: undefined, data: { items: ["a"] } })).toContain("<li>a</li>");
  });

  it("says 'not for you' for a refusal, and the empty text when there is nothing to show", () => {
    expect(render({ status: "forbidden" })).toContain("U heeft geen rechten voor dit onderdeel.");
    const empty = render({ status: "ready", data: { items: [] } });
    expect(empty).toContain('<p class="kp-empty" data-empty="things">Nog niets.</p>');
    expect(empty).not.toContain("<ul>");
    expect(render({ status: "ready", data: { items: ["a", "b"] } })).toContain("<ul><li>a</li><li>b</li></ul>");
  });

  it("draws a titled card with a heading, and no card without a title", () => {
    const titled = render({ status: "ready", data: { items: ["a"] } }, { title: "Dingen" });
    expect(titled).toMatch(/^<section class="kp-block" aria-labelledby="([^"]+)"[^>]*>.*<h2 id="\1">Dingen<\/h2>/);
    expect(render({ status: "ready", data: { items: ["a"] } })).toMatch(/^<div aria-busy="false" data-block="things" data-state="ready">/);
  });
});
