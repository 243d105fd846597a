/** What of XMLHttpRequest the transport uses; tests may pass their own. */
type XhrFactory = () => XMLHttpRequest;

/**
 * A `fetch` that sends through XMLHttpRequest so an upload can report its bytes sent: fetch has no
 * upload progress, and a streamed request body (how fetch could count) is refused over HTTP/1.1 and
 * missing in some browsers. Only the transport differs: the API client above it still adds the
 * token, renews on a 401 and reads the answer as for any call.
 */
export function progressFetch(onProgress: (sent: number, total: number) => void, xhr: XhrFactory = () => new XMLHttpRequest()): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    // The multipart body as bytes, with the boundary the request's content-type names.
    const body = request.method === "GET" || request.method === "HEAD" ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const call = xhr();
      const abort = () => call.abort();
      call.open(request.method, request.url);
      request.headers.forEach((value, name) => call.setRequestHeader(name, value));
      call.responseType = "blob";
      call.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      call.onload = () => {
        request.signal.removeEventListener("abort", abort);
        const empty = call.status === 204 || call.status === 205 || call.status === 304;
        resolve(new Response(empty ? null : (call.response as Blob), { status: call.status, statusText: call.statusText, headers: parseHeaders(call.getAllResponseHeaders()) }));
      };
      // The same errors fetch throws, so the client above treats them as it treats fetch's.
      call.onerror = call.ontimeout = () => reject(new TypeError("Failed to fetch"));
      call.onabort = () => reject(request.signal.reason ?? new DOMException("The upload was aborted.", "AbortError"));
      if (request.signal.aborted) return abort();
      request.signal.addEventListener("abort", abort, { once: true });
      call.send(body);
    });
  };
}

/** The raw `name: value` lines of XMLHttpRequest as Headers. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}
