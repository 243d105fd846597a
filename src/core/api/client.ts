import ky, { isHTTPError, SchemaValidationError, type HTTPError, type KyInstance, type ResponsePromise } from "ky";
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
  /** Told the bytes received so far while a download streams in (a long one shows its progress). */
  onDownloadProgress?: (receivedBytes: number) => void;
};

export type ApiClient = {
  /**
   * Calls the API and validates the JSON answer with `schema`. Returns null on a 403 (after sending
   * the browser to /consent when the statusCode is 1) unless `failOnError` is set; throws ApiError
   * for any other non-2xx status, ApiContractError for a body that breaks the contract, and ky's
   * TimeoutError, or its NetworkError (after its retries), when the API cannot be reached.
   */
  request<S extends v.GenericSchema>(path: string, schema: S, options?: RequestOptions): Promise<v.InferOutput<S> | null>;
  /** Like `request`, for a file download (documents, attachments). */
  download(path: string, options?: RequestOptions): Promise<Blob | null>;
  /**
   * The same client with every call aborted when `signal` aborts (besides a call's own signal): what
   * the data primitive hands a loader, so a superseded load's calls stop, whichever calls it makes.
   */
  aborting(signal: AbortSignal): ApiClient;
};

/** Header the API gateway reads the subscription key from. */
export const SUBSCRIPTION_KEY_HEADER = "ocp-apim-subscription-key";

/** Per call: whether its 401 was answered with a renewal already (ky's `context`, fresh for every call). */
type CallContext = { renewed?: boolean };

/** Creates the one configured ky instance and the typed calls on top of it. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  return clientOver(createKy(deps), deps);
}

/** The typed calls over `http`, each aborted by `bound` too when given. */
function clientOver(http: KyInstance, deps: ApiClientDeps, bound?: AbortSignal): ApiClient {
  const call = (path: string, options: RequestOptions): ResponsePromise => {
    const signal = options.signal && bound ? AbortSignal.any([options.signal, bound]) : (options.signal ?? bound);
    return http(stripLeadingSlash(path), {
      method: options.method ?? "GET",
      headers: { ...options.headers },
      ...(options.searchParams ? { searchParams: options.searchParams } : {}),
      ...(options.json === undefined ? {} : { json: options.json }),
      ...(options.body ? { body: options.body } : {}),
      ...(signal ? { signal } : {}),
      ...(options.onDownloadProgress ? { onDownloadProgress: (progress: { transferredBytes: number }) => options.onDownloadProgress?.(progress.transferredBytes) } : {}),
      context: {} satisfies CallContext,
    });
  };

  /**
   * A non-2xx answer in our terms: null for a 403 (after sending the browser to /consent when the
   * statusCode is 1) unless `failOnError` is set, an ApiError otherwise.
   */
  function refused(error: HTTPError, options: RequestOptions): null {
    const body = bodyOf(error.data);
    if (error.response.status === 403) {
      const forbidden = v.safeParse(ForbiddenSchema, body);
      if (forbidden.success && forbidden.output.statusCode === 1) {
        deps.onConsentRequired();
        if (options.failOnError) throw new ConsentRequiredError();
        return null;
      }
      if (!options.failOnError) return null;
    }
    throw new ApiError(error.response.status, body, error.response.url);
  }

  return {
    async request(path, schema, options = {}) {
      try {
        // ky validates the body through valibot's Standard Schema.
        return await call(path, options).json(schema);
      } catch (error) {
        if (error instanceof SchemaValidationError) throw new ApiContractError(urlOf(deps.apiUrl, path), error.issues as readonly v.BaseIssue<unknown>[]);
        if (isHTTPError(error)) return refused(error, options);
        throw error;
      }
    },
    async download(path, options = {}) {
      try {
        return await call(path, options).blob();
      } catch (error) {
        if (isHTTPError(error)) return refused(error, options);
        throw error;
      }
    },
    aborting: (signal) => clientOver(http, deps, bound ? AbortSignal.any([bound, signal]) : signal),
  };
}

/**
 * The ky instance: the subscription key, the token before each request, one renewal and one repeat
 * after a 401, network retries for the calls that are safe to repeat, the timeout.
 */
function createKy(deps: ApiClientDeps): KyInstance {
  const networkRetries = deps.retryLimit ?? 2;
  return ky.create({
    prefix: deps.apiUrl,
    timeout: deps.timeoutMs ?? 30_000,
    retry: {
      // One more than the network retries: the repeat after a 401 is always left (ky.retry counts too).
      limit: networkRetries + 1,
      methods: ["get", "put", "delete", "head"],
      statusCodes: [],
      // ky's own rule (network failures only, no timeouts, no aborts) within the network retries.
      shouldRetry: ({ retryCount }) => (retryCount <= networkRetries ? undefined : false),
      delay: (attempt) => (deps.retryDelayMs ?? 300) * 2 ** (attempt - 1),
    },
    // An empty or non-JSON body reads as null, so a schema decides whether that is an answer.
    parseJson: (text) => parseOrNull(text),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    headers: { [SUBSCRIPTION_KEY_HEADER]: deps.subscriptionKey },
    hooks: {
      beforeRequest: [
        // Asked once per call (network retries reuse the request); undefined makes an anonymous call.
        async ({ request }) => {
          const token = await deps.accessToken();
          if (token) request.headers.set("authorization", `Bearer ${token}`);
        },
      ],
      afterResponse: [
        // The API refused the token (revoked, or expired sooner than it said): one renewal, one
        // repeat, whatever the method, since the refused call did nothing. A second 401 stands.
        async ({ request, response, options }) => {
          const context = options.context as CallContext;
          const refused = request.headers.get("authorization")?.replace(/^Bearer /, "");
          if (response.status !== 401 || !refused || context.renewed) return undefined;
          context.renewed = true;
          const renewed = await deps.accessToken(refused);
          if (!renewed) return undefined;
          const headers = new Headers(request.headers);
          headers.set("authorization", `Bearer ${renewed}`);
          return ky.retry({ request: new Request(request, { headers }), delay: 0, code: "TOKEN_RENEWED" });
        },
      ],
    },
  });
}

const stripLeadingSlash = (path: string): string => path.replace(/^\/+/, "");

/** Where a call went, for an error message (its query left out). */
const urlOf = (apiUrl: string, path: string): string => `${apiUrl.replace(/\/+$/, "")}/${stripLeadingSlash(path)}`;

/** JSON text as a value, or null when it is empty or not JSON. */
function parseOrNull(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The body of an error answer as ky read it (JSON by its type, else text), as JSON or null. */
const bodyOf = (data: unknown): unknown => (typeof data === "string" ? parseOrNull(data) : (data ?? null));
