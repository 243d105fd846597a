/** SaxonJS ships no types; the tests use one call of it. */
declare module "saxon-js" {
  const SaxonJS: {
    transform(options: { stylesheetInternal?: unknown; stylesheetFileName?: string; sourceText: string; destination: "serialized" }, mode: "sync"): unknown;
  };
  export default SaxonJS;
}
