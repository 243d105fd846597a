/** Runs the stand-in backend alone (for `npm run dev`), on the local stack's port and data folder. */
import { startBackend } from "./server.ts";
import { localStackConfig } from "../dev/lib/stack-config.ts";

const backend = await startBackend(localStackConfig());
console.log(`stand-in API and identity provider on ${backend.url} (Ctrl-C stops it)`);
const stop = async (): Promise<void> => {
  await backend.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
