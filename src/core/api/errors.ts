import * as v from "valibot";
import { QuotaErrorSchema, RefusedSchema, ValidationErrorSchema, type QuotaCode, type Refused, type ValidationError } from "./schemas/common.ts";

/** A response outside 2xx that the caller has to deal with (or a 403 when `failOnError` is set). */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  /** The parsed JSON body, when there was one. */
  readonly body: unknown;
  constructor(status: number, body: unknown, url: string) {
    super(`HTTP ${status} from ${url}`);
    this.status = status;
    this.body = body;
  }

  /** The per-field errors of a 400 (codes map to dictionary keys), or undefined for any other error. */
  get validation(): ValidationError | undefined {
    const parsed = v.safeParse(ValidationErrorSchema, this.body);
    return parsed.success ? parsed.output : undefined;
  }

  /** The storage quota a 413/429 says was reached, or undefined for any other error. */
  get quota(): QuotaCode | undefined {
    const parsed = v.safeParse(QuotaErrorSchema, this.body);
    return parsed.success ? parsed.output.code : undefined;
  }

  /** The rule behind a 403 that names one (an action the caller's role does not allow), or undefined. */
  get refusal(): Refused | undefined {
    if (this.status !== 403) return undefined;
    const parsed = v.safeParse(RefusedSchema, this.body);
    return parsed.success ? parsed.output : undefined;
  }
}

/** A 2xx response whose body does not match the contract: a bug on one side, never shown as data. */
export class ApiContractError extends Error {
  override name = "ApiContractError";
  readonly issues: readonly v.BaseIssue<unknown>[];
  constructor(url: string, issues: readonly v.BaseIssue<unknown>[]) {
    const where = issues.map((issue) => v.getDotPath(issue) ?? "(root)").join(", ");
    super(`Response of ${url} does not match its schema at ${where}`);
    this.issues = issues;
  }
}

/** A 403 with statusCode 1: the user has not accepted the terms yet; the browser is on its way to /consent. */
export class ConsentRequiredError extends Error {
  override name = "ConsentRequiredError";
  constructor() {
    super("Consent required");
  }
}
