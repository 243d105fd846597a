import ky, { type KyInstance } from "ky";
import * as v from "valibot";
import { ForbiddenSchema } from "./schemas/common.ts";
import { ApiContractError, ApiError, ConsentRequiredError } from "./errors.ts";

/** What the client needs from its surroundings; the browser wiring lives in `../session/browser-client.ts`. */
export type ApiClientDeps = {
  /** Base URL of the API (runtime setting `apiUrl`); paths like `/contentfulservice/api/v1/accounts` go after it. */
  apiUrl: string;
  subscriptionKey: string;
  /**
   * The access token for a call, or undefined for an anonymous one. Asked once per call, and once
   * more with the token the API refused (a 401): then it renews, and the call is repeated with what it
   * returns (undefined when renewal is impossible: the 401 stands).
   */
  accessToken: (rejected?: string) => Promise<string | undefined>;
  /** Sends the browser to the consent screen (a 403 with statusCode 1). */
  onConsentRequired: () => void;
  fetch?: typeof globalThis.fetch;
  /** Per-attempt timeout; default 30 s (invoices and documents can be slow). */
  timeoutMs?: number;
  /** Retries of idempotent calls on network failure; default 2. */
  retryLimit?: number;
  /** Base delay between those retries; default 300 ms, tests lower it. */
  retryDelayMs?: number;
};

export type Query = Record<string, string | number | boolean | undefined>;

export type RequestOptions = {
  /** Default GET. */
  method?: "GET" | "POST" | "PUT" | "DELETE";
  searchParams?: Query;
  /** A JSON body, sent with `content-type: application/json`. */
  json?: unknown;
  /** A multipart body, sent as is (the browser sets the boundary). */
  body?: FormData;
  headers?: Record<string, string>;
  /** Throw an ApiError on a 403 instead of returning null. */
  failOnError?: boolean;
  signal?: AbortSignal;
};

export type ApiClient = {
  /**
   * Calls the API and validates the JSON answer with `schema`. Returns null on a 403 (after sending
   * the browser to /consent when the statusCode is 1) unless `failOnError` is set; throws ApiError
   * for any other non-2xx status, ApiContractError for a body that breaks the contract, and ky's
   * TimeoutError, or fetch's TypeError, when the API cannot be reached.
   */
  request<S extends v.GenericSchema>(path: string, schema: S, options?: RequestOptions): Promise<v.InferOutput<S> | null>;
  /** Like `request`, for a file download (documents, attachments). */
  download(path: string, options?: RequestOptions): Promise<Blob | null>;
};

/** Header the API gateway reads the subscription key from. */
export const SUBSCRIPTION_KEY_HEADER = "ocp-apim-subscription-key";

/** Creates the one configured ky instance and the typed calls on top of it. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const http = createKy(deps);

  async function send(path: string, options: RequestOptions): Promise<Response | null> {
    const call = (token: string | undefined): Promise<Response> => {
      return http(stripLeadingSlash(path), {
        method: options.method ?? "GET",
        headers: token ? { ...options.headers, authorization: `Bearer ${token}` } : { ...options.headers },
        ...(options.searchParams ? { searchParams: options.searchParams } : {}),
        ...(options.json === undefined ? {} : { json: options.json }),
        ...(options.body ? { body: options.body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    };
    const token = await deps.accessToken();
    let response = await call(token);
    // The API refused the token (revoked, or expired sooner than it said): one renewal, one repeat,
    // whatever the method, since the refused call did nothing.
    if (response.status === 401 && token) {
      const renewed = await deps.accessToken(token);
      if (renewed) response = await call(renewed);
    }
    if (response.ok) return response;
    const body = await readJson(response);
    if (response.status === 403) {
      const forbidden = v.safeParse(ForbiddenSchema, body);
      if (forbidden.success && forbidden.output.statusCode === 1) {
        deps.onConsentRequired();
        if (options.failOnError) throw new ConsentRequiredError();
        return null;
      }
      if (!options.failOnError) return null;
    }
    throw new ApiError(response.status, body, response.url);
  }

  return {
    async request(path, schema, options = {}) {
      const response = await send(path, options);
      if (!response) return null;
      const parsed = v.safeParse(schema, await readJson(response));
      if (!parsed.success) throw new ApiContractError(response.url, parsed.issues);
      return parsed.output;
    },
    async download(path, options = {}) {
      const response = await send(path, options);
      return response ? response.blob() : null;
    },
  };
}

function createKy(deps: ApiClientDeps): KyInstance {
  return ky.create({
    prefixUrl: deps.apiUrl,
    timeout: deps.timeoutMs ?? 30_000,
    // Errors are turned into our own types in `send`, with the body already read.
    throwHttpErrors: false,
    // Only network failures are retried, and only for calls that are safe to repeat; a 401 is
    // handled in `send`, with the renewed token.
    retry: {
      limit: deps.retryLimit ?? 2,
      methods: ["get", "put", "delete", "head"],
      statusCodes: [],
      // A network failure is fetch's TypeError; anything else (an abort) is the caller's answer as it is.
      shouldRetry: ({ error }) => (error instanceof TypeError ? undefined : false),
      delay: (attempt) => (deps.retryDelayMs ?? 300) * 2 ** (attempt - 1),
    },
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    headers: { [SUBSCRIPTION_KEY_HEADER]: deps.subscriptionKey },
  });
}

const stripLeadingSlash = (path: string): string => path.replace(/^\/+/, "");

/** The JSON body of a response, or null when it is empty or not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
