/**
 * A production install (`npm install --omit=dev`) must be able to build a release and serve it. This
 * follows every import of the code that runs there — the publishing pipeline, the static server,
 * rollback, the Astro config and all of src/ (what the build compiles and bundles, the service
 * worker included) — resolves each package the way Node does, and requires it to be a declared
 * dependency that npm's lockfile keeps when dev packages are left out. Run-time use of a
 * devDependency fails here in a second instead of on a production host. The slow half,
 * production-copy.test.ts, installs a copy without the stand-in, the tooling and the tests and
 * builds and publishes with it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules, findPackageJSON } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** What runs on a production host; the stand-in backend, tests and tools (bench, audit) do not. */
const ENTRY_POINTS = [
  "publishing/server/main.ts",
  "publishing/serving/static-server.ts",
  "publishing/releases/rollback.ts",
  "astro.config.mjs",
];
const CODE = /\.(ts|tsx|mts|mjs|js|astro)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The script parts of an .astro file: its frontmatter and its bundled (not inline) scripts. */
function astroScripts(source: string): string {
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? "";
  const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/is:inline|type="application\/(ld\+)?json"/.test(match[1] ?? ""))
    .map((match) => match[2] ?? "");
  return [frontmatter, ...scripts].join("\n");
}

/** Specifiers a module loads at run time: static and dynamic imports and re-exports, not `import type`. */
function runtimeImports(file: string): string[] {
  const raw = readFileSync(file, "utf8");
  const source = ts.createSourceFile(
    file,
    file.endsWith(".astro") ? astroScripts(raw) : raw,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      !node.importClause?.isTypeOnly &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...[".ts", ".tsx", ".mjs", ".js", ".astro"].map((ext) => base + ext),
    path.join(base, "index.ts"),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${path.relative(root, from)} imports ${specifier}, which does not exist`);
  return found;
}

const isBuiltin = (specifier: string): boolean =>
  specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0] ?? "");
/** Astro's virtual modules (astro:content …) and Vite's come from packages already counted. */
const isVirtual = (specifier: string): boolean => /^(astro|virtual):/.test(specifier);

/** Every package imported from run-time code, with one file that imports it. */
function runtimePackages(): Map<string, { importer: string; packageJson: string }> {
  const queue = [...ENTRY_POINTS.map((file) => path.join(root, file)), ...filesUnder(path.join(root, "src"))];
  const seen = new Set<string>();
  const packages = new Map<string, { importer: string; packageJson: string }>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!CODE.test(file)) continue;
    for (const specifier of runtimeImports(file)) {
      if (isBuiltin(specifier) || isVirtual(specifier)) continue;
      if (specifier.startsWith(".")) {
        queue.push(resolveRelative(file, specifier));
        continue;
      }
      const packageJson = findPackageJSON(specifier, pathToFileURL(file));
      if (!packageJson)
        throw new Error(`${path.relative(root, file)} imports ${specifier}, which Node cannot resolve`);
      const name = (JSON.parse(readFileSync(packageJson, "utf8")) as { name: string }).name;
      if (!packages.has(name)) packages.set(name, { importer: path.relative(root, file), packageJson });
    }
  }
  return packages;
}

type Manifest = { dependencies: Record<string, string>; devDependencies: Record<string, string> };
type Lock = { packages: Record<string, { dev?: boolean }> };

describe("a production install (npm install --omit=dev)", () => {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Manifest;
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lock;
  const packages = runtimePackages();

  it("finds the packages the build, the pipeline and the static server load", () => {
    // A walk that found nothing would pass everything below.
    for (const name of [
      "astro",
      "sirv",
      "pagefind",
      "workbox-build",
      "esbuild",
      "workbox-precaching",
      "react",
    ]) {
      expect(packages.has(name), name).toBe(true);
    }
  });

  it("has every one of them: declared in dependencies and kept by npm without dev packages", () => {
    const problems: string[] = [];
    for (const [name, { importer, packageJson }] of packages) {
      if (!manifest.dependencies[name])
        problems.push(`${name} (imported by ${importer}) is not in dependencies`);
      const entry = lock.packages[path.relative(root, path.dirname(packageJson))];
      if (!entry || entry.dev)
        problems.push(`${name}: package-lock.json leaves it out of a production install (run npm install)`);
    }
    expect(problems).toEqual([]);
  });

  it("brings the Node the scripts need (type stripping; Astro needs 22.12 or later)", () => {
    expect(manifest.dependencies["node"]).toMatch(/^\^2[4-9]/);
  });
});
