import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { sqliteAdapter } from "../../stand-in/idp/adapter.ts";

/**
 * The provider's storage revokes a grant model by model: a sign-out in the middle of an interaction
 * (another account signing in at the publish receipt's "another account") revokes the old grant's
 * tokens, and the interaction it then resumes must still be there. Before, one call removed every
 * record of the grant, the interaction too ("interaction session not found").
 */
describe("the identity provider's storage", () => {
  it("revokes a grant's records of the model asked for only", async () => {
    const adapters = sqliteAdapter(new DatabaseSync(":memory:"));
    const interactions = adapters("Interaction");
    const accessTokens = adapters("AccessToken");
    await interactions.upsert("i-1", { grantId: "g-1", uid: "i-1" }, 600);
    await accessTokens.upsert("at-1", { grantId: "g-1" }, 600);
    await accessTokens.revokeByGrantId("g-1");
    expect(await accessTokens.find("at-1")).toBeUndefined();
    expect(await interactions.find("i-1")).toMatchObject({ grantId: "g-1" });
  });
});
