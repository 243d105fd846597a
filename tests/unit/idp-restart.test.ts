import { afterAll, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { refreshTokens, signIn } from "./support/tokens.ts";

let running: TestBackend | undefined;
afterAll(async () => {
  await running?.close();
});

it("keeps tokens and refresh grants valid across a restart of the stand-in", async () => {
  running = await startTestBackend();
  const config = running.config;
  const tokens = await signIn({ url: running.url, config }, "facturen@example.com");

  running = await running.restart();
  const accounts = await fetch(`${running.url}/contentfulservice/api/v1/accounts`, {
    headers: { "ocp-apim-subscription-key": config.subscriptionKey, authorization: `Bearer ${tokens.access_token}` },
  });
  expect(accounts.status).toBe(200);
  const refreshed = await refreshTokens(running.url, config, tokens.refresh_token ?? "");
  expect(refreshed.access_token).toBeTruthy();
});
