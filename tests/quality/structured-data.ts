import { readFile } from "node:fs/promises";
import path from "node:path";
import { Parser } from "htmlparser2";
import { htmlFilesOf } from "./build-output.ts";

/**
 * Reads the JSON-LD of every built page and checks what search engines require of it (schema.org
 * types as Google's rich results use them): NewsArticle on every article, BreadcrumbList on every
 * article and sub page, Organization and WebSite with a SearchAction on the homepage, in both
 * languages. Returns readable problems, empty when all is well.
 */

type Node = Record<string, unknown>;

/** The JSON-LD blocks of one page: raw text (as the browser reads it) and parsed. */
export function jsonLdBlocks(html: string): { raw: string; nodes: Node[] }[] {
  const blocks: { raw: string; nodes: Node[] }[] = [];
  let text: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "script" && attributes["type"] === "application/ld+json") text = "";
    },
    ontext(chunk) {
      if (text !== null) text += chunk;
    },
    onclosetag(name) {
      if (name !== "script" || text === null) return;
      const parsed = JSON.parse(text) as Node | Node[];
      blocks.push({ raw: text, nodes: Array.isArray(parsed) ? parsed : [parsed] });
      text = null;
    },
  }, { decodeEntities: false });
  parser.end(html);
  return blocks;
}

const isUrl = (value: unknown): boolean => typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value);
const isDate = (value: unknown): boolean => typeof value === "string" && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value);
const text = (value: unknown): boolean => typeof value === "string" && value.trim() !== "";

/** What one node lacks, by its type. */
export function nodeProblems(node: Node): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string): void => void (ok || problems.push(`${String(node["@type"])}: ${what}`));
  need(node["@context"] === "https://schema.org", "@context is not https://schema.org");
  const organization = (value: unknown, withLogo: boolean): boolean => {
    const org = value as Node | undefined;
    return org?.["@type"] === "Organization" && text(org["name"]) && (!withLogo || isUrl((org["logo"] as Node | undefined)?.["url"]));
  };
  switch (node["@type"]) {
    case "NewsArticle": {
      need(text(node["headline"]) && String(node["headline"]).length <= 200, "headline missing or too long");
      need(Array.isArray(node["image"]) && (node["image"] as unknown[]).length > 0 && (node["image"] as unknown[]).every(isUrl), "image is not a list of URLs");
      need(isDate(node["datePublished"]), "datePublished is not an ISO date and time");
      need(isDate(node["dateModified"]) && String(node["dateModified"]) >= String(node["datePublished"]), "dateModified missing or before datePublished");
      const authors = Array.isArray(node["author"]) ? (node["author"] as Node[]) : [node["author"] as Node];
      need(authors.length > 0 && authors.every((author) => text(author?.["name"]) && ["Person", "Organization"].includes(String(author?.["@type"]))), "author without type or name");
      need(organization(node["publisher"], true), "publisher is not an Organization with a name and logo URL");
      break;
    }
    case "BreadcrumbList": {
      const items = (node["itemListElement"] ?? []) as Node[];
      need(Array.isArray(items) && items.length >= 2, "fewer than two items");
      items.forEach((item, index) => {
        need(item["@type"] === "ListItem" && item["position"] === index + 1, `item ${index + 1} is not a ListItem at its position`);
        need(text(item["name"]) && isUrl(item["item"]), `item ${index + 1} lacks a name or URL`);
      });
      break;
    }
    case "Organization":
      need(organization(node, true) && isUrl(node["url"]), "name, url or logo missing");
      break;
    case "WebSite": {
      need(text(node["name"]) && isUrl(node["url"]), "name or url missing");
      const action = node["potentialAction"] as Node | undefined;
      const template = String((action?.["target"] as Node | undefined)?.["urlTemplate"] ?? "");
      need(action?.["@type"] === "SearchAction" && template.includes("{search_term_string}") && isUrl(template.replace("{search_term_string}", "x")), "SearchAction target missing");
      need(action?.["query-input"] === "required name=search_term_string", "SearchAction query-input missing");
      break;
    }
    default:
      problems.push(`unexpected type ${String(node["@type"])}`);
  }
  return problems;
}

/** Which types a page must carry, by its path (`en/…` the same as Dutch). */
function requiredTypes(file: string, categoryParent: string): string[] {
  const page = file.replace(/^en\//, "").replace(/\.html$/, "");
  if (page === "index" || file === "en.html") return ["Organization", "WebSite"];
  const parts = page.split("/");
  if (parts[0] === categoryParent && parts.length === 3 && parts[1] !== "pagina") return ["NewsArticle", "BreadcrumbList"];
  return [];
}

/** Every problem of the JSON-LD in a built site; `subPages` are the sub page files (`over-ons/geschiedenis.html`). */
export async function structuredDataProblems(
  buildDir: string,
  options: { categoryParent: string; subPages: readonly string[] },
): Promise<{ problems: string[]; pagesWithData: number }> {
  const problems: string[] = [];
  let pagesWithData = 0;
  for (const file of await htmlFilesOf(buildDir)) {
    const html = await readFile(path.join(buildDir, file), "utf8");
    let blocks: ReturnType<typeof jsonLdBlocks>;
    try {
      blocks = jsonLdBlocks(html);
    } catch (error) {
      problems.push(`${file}: JSON-LD does not parse (${String(error)})`);
      continue;
    }
    if (blocks.length > 0) pagesWithData++;
    for (const block of blocks) {
      if (/<\/script|<!--/i.test(block.raw)) problems.push(`${file}: JSON-LD text could end its script element`);
      for (const node of block.nodes) problems.push(...nodeProblems(node).map((problem) => `${file}: ${problem}`));
    }
    const types = new Set(blocks.flatMap((block) => block.nodes.map((node) => String(node["@type"]))));
    const required = [...requiredTypes(file, options.categoryParent), ...(options.subPages.includes(file.replace(/^en\//, "")) ? ["BreadcrumbList"] : [])];
    for (const type of required) if (!types.has(type)) problems.push(`${file}: no ${type}`);
  }
  return { problems, pagesWithData };
}
