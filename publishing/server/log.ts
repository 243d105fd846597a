/** Structured logs: one JSON object per line, `{time, event, ...fields}`, for any log collector. */
export type Logger = (event: string, fields?: Record<string, unknown>) => void;

export function createLogger(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  now: () => Date = () => new Date(),
): Logger {
  return (event, fields = {}) => write(JSON.stringify({ time: now().toISOString(), event, ...fields }));
}

/** A logger that keeps its entries, for tests. */
export function memoryLogger(): Logger & { entries: Record<string, unknown>[] } {
  const entries: Record<string, unknown>[] = [];
  const logger = ((event, fields = {}) => void entries.push({ event, ...fields })) as Logger & {
    entries: Record<string, unknown>[];
  };
  logger.entries = entries;
  return logger;
}
