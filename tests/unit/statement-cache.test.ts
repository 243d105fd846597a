import { describe, expect, it } from "vitest";
import { MAX_STATEMENTS, StatementCachingDatabase } from "../../stand-in/db/statement-cache.ts";

describe("the stand-in's statement cache", () => {
  it("compiles a query once and answers with the current rows each time", () => {
    const db = new StatementCachingDatabase(":memory:");
    db.exec("CREATE TABLE t (n INTEGER)");
    const insert = "INSERT INTO t (n) VALUES (?)";
    const count = "SELECT count(*) AS c FROM t WHERE n > ?";
    expect(db.prepare(insert)).toBe(db.prepare(insert));
    db.prepare(insert).run(1);
    db.prepare(insert).run(5);
    expect(db.prepare(count).get(0)).toEqual({ c: 2 });
    expect(db.prepare(count).get(2)).toEqual({ c: 1 });
    expect(db.prepare(count)).toBe(db.prepare(count));
  });

  it("keeps at most its bound, dropping the oldest", () => {
    const db = new StatementCachingDatabase(":memory:");
    const first = db.prepare("SELECT 0");
    for (let i = 1; i <= MAX_STATEMENTS; i++) db.prepare(`SELECT ${i}`);
    expect(db.prepare("SELECT 0")).not.toBe(first);
    expect(db.prepare(`SELECT ${MAX_STATEMENTS}`)).toBe(db.prepare(`SELECT ${MAX_STATEMENTS}`));
  });

  it("compiles a statement with options anew, so its options stay its own", () => {
    const db = new StatementCachingDatabase(":memory:");
    const plain = db.prepare("SELECT 1 AS one");
    const big = db.prepare("SELECT 1 AS one", { readBigInts: true });
    expect(big).not.toBe(plain);
    expect(big.get()).toEqual({ one: 1n });
    expect(db.prepare("SELECT 1 AS one").get()).toEqual({ one: 1 });
  });
});
