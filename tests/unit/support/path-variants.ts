/**
 * The spellings an attacker tries for one guarded root path (docs/security.md, "One path, judged
 * once"): trailing slashes, encoded letters, doubled slashes, dot segments, case, compressed and
 * `.html` spellings. Shared by the static server's and nginx's tests.
 */
export function pathVariants(pathname: string): string[] {
  const name = pathname.replace(/^\//, "");
  const encodeFirst = (text: string): string => `%${text.charCodeAt(0).toString(16)}${text.slice(1)}`;
  const encodeDot = name.includes(".") ? [`/${name.replace(".", "%2e")}`, `/${name.replace(".", "%2E")}`] : [];
  return [
    `/${name}`,
    `/${name}/`,
    `/${name}//`,
    `/${name}/.`,
    `/${name}/./`,
    `/${encodeFirst(name)}`,
    `/${encodeFirst(name)}/`,
    ...encodeDot,
    `/${name.replace(/./g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`)}`,
    `//${name}`,
    `///${name}/`,
    `/./${name}`,
    `/en/../${name}`,
    `/en/%2e%2e/${name}`,
    `/x/../${name}/`,
    `/${name.toUpperCase()}`,
    `/${name[0]?.toUpperCase() ?? ""}${name.slice(1)}`,
    `/${name}.gz`,
    `/${name}.br`,
    `/${name}/?x=1`,
    `/${name}?x=1`,
  ];
}
