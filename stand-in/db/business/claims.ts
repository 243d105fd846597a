import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { BonusClaim, BonusClaimInput, BonusTier } from "../../../src/core/api/schemas/business.ts";
import { isRecorded } from "../../../src/core/business/claim-standing.ts";
import { attachmentCounts } from "./attachments.ts";
import { BONUS_TIERS } from "./catalogue.ts";
import { listProducts, listWholesalers } from "./catalogue-queries.ts";

type ClaimRow = {
  id: string;
  account_number: string;
  period: string;
  status: BonusClaim["status"];
  created_at: string;
  submitted_at: string | null;
  paid_out_date: string | null;
  reason: string | null;
};
type LineRow = { claim_id: string; wholesaler_id: string; product_id: string; quantity: number };

export const bonusTiers = (): BonusTier[] => BONUS_TIERS.map((tier) => ({ ...tier }));

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The tier reached with a year's volume so far. */
function tierFor(yearVolumeHl: number): BonusTier {
  const tiers = bonusTiers();
  return tiers.filter((tier) => yearVolumeHl >= tier.minHl).at(-1) ?? (tiers[0] as BonusTier);
}

/**
 * The account's claims with volumes, tier and bonus worked out. The tier of a claim is set by the
 * recorded volume (claims the supplier has checked: `isRecorded`) of the same year before its period
 * plus its own; a claim under review or a draft adds to no later claim's tier.
 */
export function loadClaims(db: DatabaseSync, accountNumber: string): BonusClaim[] {
  const claims = db.prepare("SELECT * FROM bonus_claims WHERE account_number = ? ORDER BY period").all(accountNumber) as ClaimRow[];
  const lines = db
    .prepare(
      "SELECT l.* FROM bonus_claim_lines l JOIN bonus_claims c ON c.id = l.claim_id WHERE c.account_number = ? ORDER BY l.position",
    )
    .all(accountNumber) as LineRow[];
  const products = new Map(listProducts(db).map((p) => [p.id, p]));
  const wholesalers = new Map(listWholesalers(db).map((w) => [w.id, w]));

  const yearTotals = new Map<string, number>();
  return claims.map((claim) => {
    const counts = attachmentCounts(db, claim.id);
    const byWholesaler = new Map<string, BonusClaim["wholesalers"][number]>();
    for (const line of lines.filter((l) => l.claim_id === claim.id)) {
      let entry = byWholesaler.get(line.wholesaler_id);
      if (!entry) {
        entry = {
          wholesalerId: line.wholesaler_id,
          wholesalerName: wholesalers.get(line.wholesaler_id)?.name ?? line.wholesaler_id,
          lines: [],
          volumeHl: 0,
          attachmentCount: counts.get(line.wholesaler_id) ?? 0,
        };
        byWholesaler.set(line.wholesaler_id, entry);
      }
      const volumeHl = round2((line.quantity * (products.get(line.product_id)?.litresPerUnit ?? 0)) / 100);
      entry.lines.push({ productId: line.product_id, quantity: line.quantity, volumeHl });
      entry.volumeHl = round2(entry.volumeHl + volumeHl);
    }
    const entries = [...byWholesaler.values()];
    const volumeHl = round2(entries.reduce((sum, w) => sum + w.volumeHl, 0));
    const year = claim.period.slice(0, 4);
    const before = yearTotals.get(year) ?? 0;
    const yearVolume = before + volumeHl;
    if (isRecorded(claim)) yearTotals.set(year, yearVolume);
    const tier = tierFor(yearVolume);
    return {
      id: claim.id,
      accountNumber: claim.account_number,
      period: claim.period,
      status: claim.status,
      wholesalers: entries,
      volumeHl,
      tierId: tier.id,
      bonusAmount: Math.round(volumeHl * tier.ratePerHl),
      createdAt: claim.created_at,
      submittedAt: claim.submitted_at,
      paidOutDate: claim.paid_out_date,
      reason: claim.reason,
    };
  });
}

export const findClaim = (db: DatabaseSync, accountNumber: string, id: string): BonusClaim | undefined =>
  loadClaims(db, accountNumber).find((claim) => claim.id === id);

/** Periods with a claim past the draft stage: no second claim can be made for them. */
export function takenPeriods(db: DatabaseSync, accountNumber: string): Set<string> {
  const rows = db
    .prepare("SELECT period FROM bonus_claims WHERE account_number = ? AND status != 'draft'")
    .all(accountNumber) as { period: string }[];
  return new Set(rows.map((row) => row.period));
}

/**
 * Creates the period's draft or replaces its volumes (one draft per period). Attachments of
 * wholesalers no longer in the draft are removed. Returns the draft's id.
 */
/** The account's draft claim of a period, if there is one. */
export function findDraftOf(db: DatabaseSync, accountNumber: string, period: string): { id: string } | undefined {
  return db
    .prepare("SELECT id FROM bonus_claims WHERE account_number = ? AND period = ? AND status = 'draft'")
    .get(accountNumber, period) as { id: string } | undefined;
}

export function saveDraft(db: DatabaseSync, accountNumber: string, input: BonusClaimInput, now: Date, createdBy?: string): string {
  const existing = findDraftOf(db, accountNumber, input.period);
  const id = existing?.id ?? `claim-${randomUUID()}`;
  db.exec("BEGIN");
  try {
    if (!existing) {
      db.prepare("INSERT INTO bonus_claims (id, account_number, period, status, created_at, created_by) VALUES (?, ?, ?, 'draft', ?, ?)").run(
        id,
        accountNumber,
        input.period,
        now.toISOString(),
        createdBy ?? null,
      );
    }
    db.prepare("DELETE FROM bonus_claim_lines WHERE claim_id = ?").run(id);
    const insert = db.prepare(
      "INSERT INTO bonus_claim_lines (claim_id, wholesaler_id, product_id, quantity, position) VALUES (?, ?, ?, ?, ?)",
    );
    let position = 0;
    for (const wholesaler of input.wholesalers) {
      for (const line of wholesaler.lines) {
        if (line.quantity > 0) insert.run(id, wholesaler.wholesalerId, line.productId, line.quantity, position++);
      }
    }
    const kept = input.wholesalers.map((w) => w.wholesalerId);
    db.prepare(
      `DELETE FROM attachments WHERE owner_kind = 'bonus' AND owner_id = ? AND wholesaler_id NOT IN (${kept.map(() => "?").join(", ")})`,
    ).run(id, ...kept);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return id;
}

export function markSubmitted(db: DatabaseSync, id: string, now: Date, reason: string | null): void {
  db.prepare("UPDATE bonus_claims SET status = 'submitted', submitted_at = ?, reason = ? WHERE id = ?").run(now.toISOString(), reason, id);
}

/** The supplier's check of a submitted claim (the test hooks stand in for the supplier's back office). */
export function approveClaim(db: DatabaseSync, accountNumber: string, period: string): boolean {
  const result = db
    .prepare("UPDATE bonus_claims SET status = 'approved' WHERE account_number = ? AND period = ? AND status = 'submitted'")
    .run(accountNumber, period);
  return result.changes > 0;
}
