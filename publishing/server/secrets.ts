import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A secret from the environment when set (a real deployment), else one generated once for this
 * data folder and kept there (mode 600), so the local stack and its CLI tools agree on it.
 */
export async function secretFor(dataDir: string, name: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, `${name}.secret`);
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(32).toString("hex");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export const WEBHOOK_SECRET = "webhook";
export const REBUILD_ADMIN_SECRET = "rebuild-admin";
/** Signs the publish receipts the publishing server sends back to the CMS (cms-callback.ts). */
export const CMS_CALLBACK_SECRET = "cms-callback";
