/**
 * The errors a form shows after the user changed something. Only a field that already shows an
 * error is checked again: it keeps its fresh error, or loses it the moment its value is valid, so a
 * fixed field never stays red. Fields that show nothing stay quiet until the next submit, so nobody
 * is scolded while still typing. `changed` (a field path) limits the re-check to that field and the
 * fields under it, so an error only the server knows (an e-mail address already in use) stays while
 * the user edits another field; without it every shown field is checked again.
 */
export function recheckShown<E extends { field: string }>(shown: readonly E[], fresh: readonly E[], changed?: string): E[] {
  const rechecked = (field: string): boolean => changed === undefined || field === changed || field.startsWith(`${changed}.`);
  const result: E[] = [];
  const seen = new Set<string>();
  for (const error of shown) {
    if (seen.has(error.field)) continue;
    seen.add(error.field);
    if (!rechecked(error.field)) result.push(...shown.filter((entry) => entry.field === error.field));
    else result.push(...fresh.filter((entry) => entry.field === error.field));
  }
  return result;
}
