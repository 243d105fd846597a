import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

// The API client the hook hands its loader; the loader below never uses it.
vi.mock("../../src/core/session/browser-client.ts", () => ({ api: () => ({ aborting: () => ({}) }) }));

const { useResource } = await import("../../src/islands/shared/use-resource.ts");

/**
 * A render alone never loads: React may throw a render away (a lazy block's retry interrupted by an
 * update elsewhere on the page), and a request started there is sent for nothing, then again by the
 * render React keeps. Rendering to a string runs the render and commits nothing.
 */
describe("useResource", () => {
  it("starts no request while rendering; it shows the loading state", () => {
    const load = vi.fn(() => Promise.resolve("data"));
    function Probe() {
      const { state } = useResource(load);
      return createElement("p", { "data-state": state.status });
    }
    const html = renderToStaticMarkup(createElement(Probe));
    expect(html).toBe('<p data-state="loading"></p>');
    expect(load).not.toHaveBeenCalled();
  });

  it("renders in slices on a screen that asks for it, and still starts no request while rendering", () => {
    const load = vi.fn(() => Promise.resolve("data"));
    function Probe() {
      const { state } = useResource(load, null, "in-transition");
      return createElement("p", { "data-state": state.status });
    }
    expect(renderToStaticMarkup(createElement(Probe))).toBe('<p data-state="loading"></p>');
    expect(load).not.toHaveBeenCalled();
  });
});
