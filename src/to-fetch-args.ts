import type { RequestOptions } from "./types.js";

/** The `init` argument of the WHATWG `fetch` for request options. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?:
    | string
    | ArrayBuffer
    | ArrayBufferView<ArrayBuffer>
    | Blob
    | FormData
    | URLSearchParams
    | ReadableStream;
}

/**
 * Request options as the arguments of the WHATWG `fetch`: the method uppercase, a copy of the
 * headers, and the body serialized (strings, bytes, blobs, forms and streams as they are;
 * anything else as JSON). GET and HEAD never carry a body. `request` is not read: spread
 * whatever your client needs from it into `init` yourself.
 *
 * @example
 * ```ts
 * const [url, init] = toFetchArgs(endpoint("POST /markdown", { text: "**hi**" }));
 * url; // "https://api.github.com/markdown"
 * init.method; // "POST"
 * init.headers["content-type"]; // "application/json; charset=utf-8"
 * init.body; // '{"text":"**hi**"}'
 * const response = await fetch(url, init);
 * ```
 */
export function toFetchArgs(options: RequestOptions): [url: string, init: FetchInit] {
  const method = options.method.toUpperCase();
  const init: FetchInit = { method, headers: { ...options.headers } };
  if (options.body !== undefined && method !== "GET" && method !== "HEAD") {
    const body = serializeBody(options.body);
    // fetch labels a string body `text/plain` when no content-type is set (as for the empty
    // body of PUT and PATCH); as bytes it goes out with no content-type, as described.
    init.body =
      typeof body === "string" && !Object.hasOwn(options.headers, "content-type")
        ? new TextEncoder().encode(body)
        : body;
  }
  return [options.url, init];
}

/** A body as bytes or text that a client sends unchanged; everything else becomes JSON text. */
export function serializeBody(body: unknown): NonNullable<FetchInit["body"]> {
  if (typeof body === "string" || body instanceof ArrayBuffer) return body;
  if (ArrayBuffer.isView(body)) return body as ArrayBufferView<ArrayBuffer>;
  if (
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream)
  ) {
    return body;
  }
  return JSON.stringify(body, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}
