/**
 * An in-memory Cache Storage (the subset the offline code uses) for unit tests: Node has Request
 * and Response but no `caches`. Entries are keyed by absolute URL; `ignoreSearch` is honoured.
 */
class FakeCache {
  readonly entries = new Map<string, Response>();

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(urlOf(request), response);
  }
  async match(request: RequestInfo | URL, options: { ignoreSearch?: boolean } = {}): Promise<Response | undefined> {
    const url = urlOf(request);
    const strip = (value: string): string => (options.ignoreSearch ? value.split("?")[0] ?? value : value);
    for (const [key, response] of this.entries) if (strip(key) === strip(url)) return response.clone();
    return undefined;
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(urlOf(request));
  }
}

const urlOf = (request: RequestInfo | URL): string =>
  request instanceof Request ? request.url : new URL(String(request), "http://site.test").href;

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }
  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }
  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }
  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
  async match(request: RequestInfo | URL, options: { cacheName?: string } = {}): Promise<Response | undefined> {
    for (const [name, cache] of this.caches) {
      if (options.cacheName && options.cacheName !== name) continue;
      const hit = await cache.match(request);
      if (hit) return hit;
    }
    return undefined;
  }

  /** Seeds a cache with text bodies. */
  async seed(name: string, entries: Record<string, string>): Promise<void> {
    const cache = await this.open(name);
    for (const [url, body] of Object.entries(entries)) await cache.put(url, new Response(body));
  }

  /** Every remaining URL per cache. */
  snapshot(): Record<string, string[]> {
    return Object.fromEntries([...this.caches].map(([name, cache]) => [name, [...cache.entries.keys()]]));
  }

  /** Typed as the DOM's CacheStorage for the code under test. */
  get asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}
