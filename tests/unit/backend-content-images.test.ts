import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InitResponseSchema } from "../../src/core/api/schemas/content.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const image = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url.startsWith("http") ? url : `${backend.url}/images/${url}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body };
};

describe("image endpoint", () => {
  it.each([
    ["jpg", "jpeg", "image/jpeg"],
    ["webp", "webp", "image/webp"],
    ["png", "png", "image/png"],
  ] as const)("scales a content image to the requested width as %s", async (fm, format, type) => {
    const { response, body } = await image(`content/tapbier.jpg?w=480&fm=${fm}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([format, 480, 270]);
  });

  it("serves the seo image from the init response at its stated original size, as jpg by default", async () => {
    const init = await fetch(`${backend.api}/init`, { headers: { "ocp-apim-subscription-key": backend.key } });
    const { seoImage } = v.parse(InitResponseSchema, await init.json());
    const { response, body } = await image(seoImage.url);
    const meta = await sharp(body).metadata();
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect([meta.width, meta.height]).toEqual([seoImage.width, seoImage.height]);
  });

  it("never scales up", async () => {
    const { body } = await image("content/van-dam-dranken.jpg?w=3000");
    expect((await sharp(body).metadata()).width).toBe(1200);
  });

  it("is public, cacheable and usable from other origins, without a subscription key", async () => {
    const { response } = await image("content/wijn.jpg?w=320&fm=webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const etag = response.headers.get("etag") ?? "";
    expect((await image("content/wijn.jpg?w=320&fm=webp", { "if-none-match": etag })).response.status).toBe(304);
    const cached = await readdir(path.join(backend.config.dataDir, "image-cache", "content"));
    expect(cached.filter((name) => /^wijn@320\.[0-9a-f]{12}\.webp$/.test(name))).toHaveLength(1);
  });

  it("draws a portrait for any people photo name", async () => {
    const { response, body } = await image("people/anouk.jpg?w=96");
    expect(response.status).toBe(200);
    expect(await sharp(body).metadata()).toMatchObject({ format: "jpeg", width: 96, height: 96 });
    const other = await image("people/bram.jpg?w=96");
    expect(other.body.equals(body)).toBe(false);
  });

  it("serves icons as SVG", async () => {
    const { response, body } = await image("icons/linkedin.svg");
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(body.toString()).toMatch(/^<svg /);
  });

  it("answers 404 for unknown images and 400 for a bad width or format", async () => {
    for (const unknown of ["content/onbekend.jpg", "people/..%2Fcontent%2Fwijn.jpg", "people/%2e%2e%2fx.jpg", "content/%E0%A4%A.jpg", "icons/evil.svg", "people/Anouk.jpg"]) {
      expect((await image(unknown)).response.status, unknown).toBe(404);
    }
    const bad = await image("content/wijn.jpg?w=-5&fm=gif");
    expect(bad.response.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toEqual({
      statusCode: 400,
      errors: [
        { field: "w", code: "invalid" },
        { field: "fm", code: "invalid" },
      ],
    });
  });
});
