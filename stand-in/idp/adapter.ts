import type { DatabaseSync } from "node:sqlite";
import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";

/**
 * oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions) in the stand-in's
 * SQLite database, so a restart of `npm start` keeps people signed in: the site's refresh token and
 * the provider's session cookie still work afterwards.
 */
export function sqliteAdapter(db: DatabaseSync): AdapterFactory {
  db.exec(`
    CREATE TABLE IF NOT EXISTS oidc_models (
      model TEXT NOT NULL,
      id TEXT NOT NULL,
      payload TEXT NOT NULL,
      grant_id TEXT,
      user_code TEXT,
      uid TEXT,
      expires_at INTEGER,                     -- epoch ms; null: no expiry
      PRIMARY KEY (model, id)
    );
    CREATE INDEX IF NOT EXISTS oidc_models_grant ON oidc_models (grant_id);
    CREATE INDEX IF NOT EXISTS oidc_models_uid ON oidc_models (model, uid);
  `);
  const live = "(expires_at IS NULL OR expires_at > ?)";
  const parse = (row: { payload: string } | undefined): AdapterPayload | undefined =>
    row ? (JSON.parse(row.payload) as AdapterPayload) : undefined;

  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      db.prepare(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      ).run(
        model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresIn ? Date.now() + expiresIn * 1000 : null,
      );
    },
    async find(id) {
      return parse(db.prepare(`SELECT payload FROM oidc_models WHERE model = ? AND id = ? AND ${live}`).get(model, id, Date.now()) as { payload: string } | undefined);
    },
    async findByUserCode(userCode) {
      return parse(db.prepare(`SELECT payload FROM oidc_models WHERE model = ? AND user_code = ? AND ${live}`).get(model, userCode, Date.now()) as { payload: string } | undefined);
    },
    async findByUid(uid) {
      return parse(db.prepare(`SELECT payload FROM oidc_models WHERE model = ? AND uid = ? AND ${live}`).get(model, uid, Date.now()) as { payload: string } | undefined);
    },
    async consume(id) {
      db.prepare(`UPDATE oidc_models SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?`).run(
        Math.floor(Date.now() / 1000),
        model,
        id,
      );
    },
    async destroy(id) {
      db.prepare("DELETE FROM oidc_models WHERE model = ? AND id = ?").run(model, id);
    },
    // Called once per token model (access and refresh tokens, codes): this model's records only. An
    // interaction also records its grant, and a sign-out in the middle of one (another account
    // signing in) must not remove the interaction it then resumes.
    async revokeByGrantId(grantId) {
      db.prepare("DELETE FROM oidc_models WHERE model = ? AND grant_id = ?").run(model, grantId);
    },
  });
}

/**
 * Removes one model's records of a user (e.g. "RefreshToken", "Session"), for test hooks that make
 * a refresh token or a provider session disappear the way expiry or a sign-out elsewhere would.
 */
export function forgetUserRecords(db: DatabaseSync, model: string, accountId: string): number {
  const result = db.prepare("DELETE FROM oidc_models WHERE model = ? AND json_extract(payload, '$.accountId') = ?").run(model, accountId);
  return Number(result.changes);
}
