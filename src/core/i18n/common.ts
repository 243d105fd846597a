/** Texts shared by every part of the site. Each area keeps its own file; index.ts merges them. */
export const nl = {
  "common.loading": "Bezig met laden…",
  "common.close": "Sluiten",
  "common.error.title": "Er is iets misgegaan",
  "common.error.body": "Probeer het later nog eens",
  "common.retry": "Opnieuw proberen",
} as const;
