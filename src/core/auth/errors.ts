/**
 * The authentication error kinds, with the provider's error codes mapped onto them.
 * The UI shows each kind as a translated message (`auth.error.<kind>`) with a way forward.
 */
export const AUTH_ERROR_KINDS = [
  "login_required",
  "consent_required",
  "interaction_required",
  "account_selection_required",
  "access_denied",
  "timeout",
  "popup_cancelled",
  "popup_blocked",
  "missing_refresh_token",
  "mfa_required",
  "invalid_state",
  "no_callback_params",
  "cross_origin_isolated",
  "login_failed",
  "token_failed",
  "token_refused",
] as const;
export type AuthErrorKind = (typeof AUTH_ERROR_KINDS)[number];

/**
 * Technical texts, kept in English word for word as the sign-in libraries we replace wrote them, so
 * logs and support notes that quote them still match; people see the translated kind instead.
 */
export const AUTH_ERROR_TEXT = {
  noQueryParams: "There are no query params available for parsing.",
  invalidState: "Invalid state",
  popupBlocked: "Unable to open a popup for loginWithPopup - window.open returned null",
  popupTimeout: "Timeout",
  popupCancelled: "Popup closed",
  loginFailed: "Login failed",
  tokenFailed: "Get access token failed",
  tokenRefused: "ID token refused",
  crossOriginIsolated:
    "The application is running in a Cross-Origin Isolated context, silently retrieving a token without refresh token is not possible.",
  missingRefreshToken: "Missing Refresh Token",
  fetchFailed: "Failed to fetch",
  httpError: (url: string): string => `HTTP error. Unable to fetch ${url}`,
  requestErrorCode: "request_error",
  bothLogoutModes: "It is invalid to set both the `federated` and `localOnly` options to `true`",
} as const;

/**
 * The code of an AuthError raised because a received ID token was refused (whatever its kind): the
 * session has then ended, in every tab.
 */
export const TOKEN_REFUSED = "token_refused";

/** An authentication failure of a known kind; `mfaToken` is set for mfa_required. */
export class AuthError extends Error {
  override name = "AuthError";
  readonly kind: AuthErrorKind;
  /** The provider's own error code (e.g. `invalid_grant`), when it gave one. */
  readonly code: string;
  readonly mfaToken: string | undefined;
  constructor(kind: AuthErrorKind, message: string, options: { code?: string; mfaToken?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.code = options.code ?? kind;
    this.mfaToken = options.mfaToken;
  }
}

const PROVIDER_CODES: Partial<Record<string, AuthErrorKind>> = {
  login_required: "login_required",
  consent_required: "consent_required",
  interaction_required: "interaction_required",
  account_selection_required: "account_selection_required",
  access_denied: "access_denied",
  mfa_required: "mfa_required",
  missing_refresh_token: "missing_refresh_token",
};

/**
 * Turns whatever a sign-in or token call threw (oidc-client-ts's ErrorResponse/ErrorTimeout, our own
 * errors, a failed fetch) into an AuthError; `fallback` names the kind for anything unrecognised.
 */
export function toAuthError(error: unknown, fallback: "login_failed" | "token_failed"): AuthError {
  if (error instanceof AuthError) return error;
  const record = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const code = typeof record["error"] === "string" ? record["error"] : undefined;
  const description = typeof record["error_description"] === "string" ? record["error_description"] : undefined;
  const message = error instanceof Error ? error.message : "";
  const kind = code ? PROVIDER_CODES[code] : undefined;
  if (kind) {
    const mfaToken = typeof record["mfa_token"] === "string" ? record["mfa_token"] : undefined;
    return new AuthError(kind, description ?? message ?? code, { code: code ?? kind, cause: error, ...(mfaToken ? { mfaToken } : {}) });
  }
  if (record["name"] === "ErrorTimeout" || /timed? ?out/i.test(message)) {
    return new AuthError("timeout", AUTH_ERROR_TEXT.popupTimeout, { cause: error });
  }
  if (/popup (window )?closed|closed by user/i.test(message)) {
    return new AuthError("popup_cancelled", AUTH_ERROR_TEXT.popupCancelled, { cause: error });
  }
  if (/state/i.test(message) && /invalid|match|not found/i.test(message)) {
    return new AuthError("invalid_state", AUTH_ERROR_TEXT.invalidState, { cause: error });
  }
  if (code) return new AuthError(fallback, description ?? code, { code, cause: error });
  const text = fallback === "login_failed" ? AUTH_ERROR_TEXT.loginFailed : AUTH_ERROR_TEXT.tokenFailed;
  return new AuthError(fallback, message || text, { code: AUTH_ERROR_TEXT.requestErrorCode, cause: error });
}
