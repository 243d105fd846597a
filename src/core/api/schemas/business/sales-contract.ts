import * as v from "valibot";
import { IsoDateSchema } from "../common.ts";
import { DocumentSchema } from "./documents.ts";
import { HectolitresSchema, ProductGroupSchema } from "./products.ts";

/** Agreed volume of a product group over the whole contract against what was bought so far. */
export const ContractVolumeSchema = v.object({
  group: ProductGroupSchema,
  agreedHl: HectolitresSchema,
  /** From the account's recorded bonus claims and settlements (actualssalesdata) within the contract period; claims under review not yet. */
  actualHl: HectolitresSchema,
});
export type ContractVolume = v.InferOutput<typeof ContractVolumeSchema>;

/**
 * GET /salescontract — the sales contract (samenwerkingsovereenkomst). The first five fields are
 * named as in the salescontract block of GET /accounts/details, so the two read alike.
 */
export const SalesContractSchema = v.object({
  id: v.string(),
  salescontractnumber: v.string(),
  startdate: IsoDateSchema,
  enddate: IsoDateSchema,
  /** Length in months. */
  duration: v.pipe(v.number(), v.integer(), v.minValue(1)),
  accountNumber: v.string(),
  volumes: v.array(ContractVolumeSchema),
  /** The account's documents of type contract. */
  documents: v.array(DocumentSchema),
});
export type SalesContract = v.InferOutput<typeof SalesContractSchema>;

/** The account may have no contract: then the call answers null. */
export const SalesContractResponseSchema = v.nullable(SalesContractSchema);
