import { spawn } from "node:child_process";

/** Runs after a swap with the new release; a CDN deployment syncs and purges here. */
export type DeployStep = (release: { site: string; id: string; dir: string }) => Promise<void>;

/**
 * A deploy step from configuration: a shell command run after each swap with KP_SITE, KP_RELEASE_ID
 * and KP_RELEASE_DIR in its environment, e.g.
 * `aws s3 sync "$KP_RELEASE_DIR" s3://bucket --delete && aws cloudfront create-invalidation …`.
 */
export function commandDeployStep(command: string): DeployStep {
  return (release) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, {
        shell: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, KP_SITE: release.site, KP_RELEASE_ID: release.id, KP_RELEASE_DIR: release.dir },
      });
      let tail = "";
      const keep = (chunk: Buffer): void => void (tail = (tail + chunk.toString()).slice(-2000));
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`deploy command exited ${code}: ${tail.trim()}`))));
    });
}
