/**
 * oidc-client-ts checks a few ID token claims itself (the nonce, the subject and azp staying the same
 * on a refresh, the token being decodable) and throws a plain Error before our own checks run. These
 * are its messages for a refused ID token; tests/unit/auth-token-refusal.test.ts reads them from the
 * library's source, so a rename there fails a test here.
 */
const LIBRARY_REFUSAL = /\bid_token\b|\bID Token\b|^Invalid token specified/;

/**
 * True when a sign-in or renewal failed because a received ID token was refused, by `id-token.ts`
 * or by the library; false for what says nothing about the token (the provider's error answer, a
 * timeout, the network).
 */
export function isTokenRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "IdTokenError") return true;
  if (error.name !== "Error" && error.name !== "InvalidTokenError") return false;
  return LIBRARY_REFUSAL.test(error.message);
}
