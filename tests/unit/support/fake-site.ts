import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/** Writes a tiny built site (home, 404, 500 and `pages` articles) whose pages all say `text`. */
export async function writeFakeSite(dir: string, text: string, pages = 3): Promise<void> {
  await mkdir(path.join(dir, "nieuws"), { recursive: true });
  await mkdir(path.join(dir, "_astro"), { recursive: true });
  const html = (title: string): string => `<!doctype html><html lang="nl"><title>${title}</title><p>${text}</p></html>`;
  await writeFile(path.join(dir, "index.html"), html("Home"));
  await writeFile(path.join(dir, "404.html"), html("Niet gevonden"));
  await writeFile(path.join(dir, "500.html"), html("Fout"));
  await writeFile(path.join(dir, "_astro", "app.1a2b3c.js"), `console.log(${JSON.stringify(text)});\n`.repeat(100));
  for (let n = 0; n < pages; n++) await writeFile(path.join(dir, "nieuws", `artikel-${n}.html`), html(`Artikel ${n}`));
}
