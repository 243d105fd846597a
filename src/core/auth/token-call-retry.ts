/**
 * Token calls (code exchange and refresh) are tried this often in all when the network fails: a brief
 * drop (a tunnel, a change of Wi-Fi) should not cost the person their sign-in.
 */
export const TOKEN_CALL_ATTEMPTS = 3;

/**
 * A fetch that repeats calls to the provider's token endpoint when the network failed (fetch's
 * TypeError), up to `attempts` times in all; every other call, and every answer the provider gave
 * (an HTTP error included), passes through untouched. An aborted call (oidc-client-ts's 10 s
 * timeout) is not repeated: the provider may have handled it, and a refresh token sent twice
 * counts as reused.
 *
 * oidc-client-ts calls the global fetch and has no hook of its own for this, so
 * `oidc-service.ts` installs this wrapper when it loads the library.
 */
export function withTokenCallRetries(
  fetch: typeof globalThis.fetch,
  isTokenCall: (url: string) => boolean,
  attempts = TOKEN_CALL_ATTEMPTS,
): typeof globalThis.fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!isTokenCall(url)) return fetch(input, init);
    for (let attempt = 1; ; attempt++) {
      try {
        // A Request body can be read once: each attempt sends a fresh copy.
        return await fetch(input instanceof Request ? input.clone() : input, init);
      } catch (error) {
        const networkFailure = error instanceof TypeError && !init?.signal?.aborted;
        if (!networkFailure || attempt >= attempts) throw error;
      }
    }
  };
}
