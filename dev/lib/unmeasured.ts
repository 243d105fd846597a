/**
 * Why Lighthouse gave a page no performance score: the run failed (`runtimeError`), or a metric
 * could not be taken (the page's largest paint never came: NO_LCP). The score is then missing and
 * the audit's figure reads 0; this is what to read instead. Undefined when the page was measured.
 */
type Report = {
  runtimeError?: { code?: string; message?: string } | undefined;
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { scoreDisplayMode?: string; errorMessage?: string | undefined } | undefined>;
};

export function unmeasuredReason(report: Report): string | undefined {
  if (report.categories["performance"]?.score != null) return undefined;
  if (report.runtimeError?.message) return report.runtimeError.message;
  const failed = Object.values(report.audits).find((entry) => entry?.scoreDisplayMode === "error" && entry.errorMessage);
  return failed?.errorMessage ?? "no performance score";
}
