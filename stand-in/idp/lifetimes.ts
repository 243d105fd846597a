/**
 * Token and session lifetimes in seconds, from the environment at start (KP_ACCESS_TOKEN_TTL,
 * KP_ID_TOKEN_TTL, KP_REFRESH_TOKEN_TTL, KP_SESSION_TTL) and adjustable at run time by the test hooks,
 * so browser tests can watch a token expire in seconds.
 */
export type Lifetimes = { accessToken: number; idToken: number; refreshToken: number; session: number };

const DEFAULTS: Lifetimes = { accessToken: 3600, idToken: 3600, refreshToken: 14 * 24 * 3600, session: 24 * 3600 };

const ENV: Record<keyof Lifetimes, string> = {
  accessToken: "KP_ACCESS_TOKEN_TTL",
  idToken: "KP_ID_TOKEN_TTL",
  refreshToken: "KP_REFRESH_TOKEN_TTL",
  session: "KP_SESSION_TTL",
};

/** Positive whole seconds, else undefined. */
export function parseSeconds(value: unknown): number | undefined {
  const seconds = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

export function lifetimesFromEnv(env: Record<string, string | undefined> = process.env): Lifetimes {
  const result = { ...DEFAULTS };
  for (const key of Object.keys(ENV) as (keyof Lifetimes)[]) {
    const seconds = parseSeconds(env[ENV[key]]);
    if (seconds !== undefined) result[key] = seconds;
  }
  return result;
}
