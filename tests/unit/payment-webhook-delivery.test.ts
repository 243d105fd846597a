import { describe, expect, it } from "vitest";
import { deliverWithRetries, type Timer } from "../../stand-in/payments/webhook-delivery.ts";
import { signWebhook, verifyWebhook } from "../../stand-in/payments/signature.ts";

/** A timer the test steps by hand: each wait is recorded, and runs when the test says so. */
function manualTimer(): Timer & { waits: number[]; next: () => Promise<void> } {
  const queue: (() => void)[] = [];
  const waits: number[] = [];
  return {
    waits,
    after: (ms, run) => {
      waits.push(ms);
      queue.push(run);
    },
    next: async () => {
      queue.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the stand-in provider's webhook retries", () => {
  it("tries again after each wait while the receiver fails, and stops at its first 2xx", async () => {
    const timer = manualTimer();
    const answers = [false, false, true];
    let sent = 0;
    let result: { delivered: boolean; attempts: number } | undefined;
    deliverWithRetries(
      async () => answers[sent++] ?? false,
      timer,
      [1_000, 5_000, 30_000],
      (done) => (result = done),
    );
    await settle();
    expect(sent).toBe(1);
    await timer.next();
    await timer.next();
    expect(timer.waits).toEqual([1_000, 5_000]);
    expect(result).toEqual({ delivered: true, attempts: 3 });
  });

  it("a receiver that cannot be reached counts as a failure; after the last wait it gives up", async () => {
    const timer = manualTimer();
    let result: { delivered: boolean; attempts: number } | undefined;
    deliverWithRetries(
      () => Promise.reject(new Error("ECONNREFUSED")),
      timer,
      [1_000, 2_000],
      (done) => (result = done),
    );
    await settle();
    await timer.next();
    await timer.next();
    expect(result).toEqual({ delivered: false, attempts: 3 });
  });
});

describe("the webhook signature", () => {
  const secret = "s3cret";
  const body = "id=tr_abc123";
  const at = 1_800_000_000;
  const signed = {
    timestamp: String(at),
    delivery: "delivery-0001",
    signature: signWebhook(secret, at, "delivery-0001", body),
  };

  it("holds for the body, time and delivery it was made over, within five minutes either way", () => {
    expect(verifyWebhook(secret, signed, body, at + 300)).toEqual({ ok: true });
    expect(verifyWebhook(secret, signed, body, at + 301)).toEqual({ ok: false, reason: "stale_timestamp" });
  });

  it.each([
    ["another body", { ...signed }, "id=tr_other"],
    ["another delivery id", { ...signed, delivery: "delivery-0002" }, body],
    ["another secret", { ...signed, signature: signWebhook("guess", at, "delivery-0001", body) }, body],
  ])("fails for %s", (_, headers, text) => {
    expect(verifyWebhook(secret, headers, text, at)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("without its headers it is missing", () => {
    expect(
      verifyWebhook(secret, { timestamp: undefined, delivery: undefined, signature: undefined }, body, at),
    ).toEqual({ ok: false, reason: "missing_signature" });
  });
});
