import type { DatabaseSync } from "node:sqlite";
import type { ProductGroup, SalesContract } from "../../../src/core/api/schemas/business.ts";
import { isRecorded } from "../../../src/core/business/claim-standing.ts";
import type { SalesContract as ContractTerms } from "../../../src/core/api/schemas/people.ts";
import { periodRange } from "../../../src/core/business/bonus-periods.ts";
import { listProducts } from "./catalogue-queries.ts";
import { loadClaims } from "./claims.ts";
import { listDocuments } from "./documents.ts";

type ContractRow = { id: string; number: string; account_number: string; start_date: string; end_date: string; duration: number };

/**
 * The account's sales contract terms (number, dates, duration), or null when it has none. The one
 * source of both the contract call and the contract block of the account details, so the two agree.
 */
export function findContractTerms(db: DatabaseSync, accountNumber: string): ContractTerms | null {
  const row = db.prepare("SELECT * FROM sales_contracts WHERE account_number = ?").get(accountNumber) as ContractRow | undefined;
  if (!row) return null;
  return { id: row.id, salescontractnumber: row.number, startdate: row.start_date, enddate: row.end_date, duration: row.duration };
}

/**
 * The account's sales contract with its agreed volumes against the recorded volumes (`isRecorded`:
 * checked by the supplier, a claim under review not yet) of the account's claims whose period lies
 * within the contract; undefined when it has none.
 */
export async function getSalesContract(db: DatabaseSync, accountNumber: string, lang: "nl" | "en"): Promise<SalesContract | undefined> {
  const contract = findContractTerms(db, accountNumber);
  if (!contract) return undefined;
  const agreed = db
    .prepare("SELECT product_group, agreed_hl FROM sales_contract_volumes WHERE contract_id = ? ORDER BY rowid")
    .all(contract.id) as { product_group: ProductGroup; agreed_hl: number }[];
  const groups = new Map(listProducts(db).map((p) => [p.id, p.group]));
  const actual = new Map<ProductGroup, number>();
  for (const claim of loadClaims(db, accountNumber)) {
    if (!isRecorded(claim)) continue;
    const { start, end } = periodRange(claim.period);
    if (start < contract.startdate || end > contract.enddate) continue;
    for (const line of claim.wholesalers.flatMap((w) => w.lines)) {
      const group = groups.get(line.productId);
      if (group) actual.set(group, (actual.get(group) ?? 0) + line.volumeHl);
    }
  }
  return {
    ...contract,
    accountNumber,
    volumes: agreed.map((v) => ({
      group: v.product_group,
      agreedHl: v.agreed_hl,
      actualHl: Math.round((actual.get(v.product_group) ?? 0) * 100) / 100,
    })),
    documents: await listDocuments(db, accountNumber, lang, "contract"),
  };
}
