import { serializeBody } from "./to-fetch-args.js";
import type { RequestOptions } from "./types.js";

/**
 * The raw HTTP/1.1 request for request options: request line, `host`, the headers,
 * `content-length` when there is a body, a blank line and the body, with CRLF line ends.
 * A relative url has no host to name, so it gets no `host` line.
 */
export function toHttpMessage(options: RequestOptions): Uint8Array {
  const method = options.method.toUpperCase();
  let target = options.url;
  let host: string | undefined;
  if (!target.startsWith("/")) {
    const url = new URL(target);
    host = url.host;
    target = `${url.pathname}${url.search}`;
  } else {
    const hash = target.indexOf("#");
    if (hash !== -1) target = target.slice(0, hash);
  }
  let head = `${method} ${target} HTTP/1.1\r\n`;
  if (host !== undefined) head += `host: ${host}\r\n`;
  for (const [name, value] of Object.entries(options.headers)) head += `${name}: ${value}\r\n`;
  let body: Uint8Array = new Uint8Array(0);
  if (options.body !== undefined && method !== "GET" && method !== "HEAD") {
    const serialized = serializeBody(options.body);
    if (typeof serialized === "string") body = new TextEncoder().encode(serialized);
    else if (serialized instanceof ArrayBuffer) body = new Uint8Array(serialized);
    else if (ArrayBuffer.isView(serialized))
      body = new Uint8Array(serialized.buffer, serialized.byteOffset, serialized.byteLength);
    else body = new TextEncoder().encode(String(serialized));
    head += `content-length: ${body.byteLength}\r\n`;
  }
  const headBytes = new TextEncoder().encode(`${head}\r\n`);
  const message = new Uint8Array(headBytes.byteLength + body.byteLength);
  message.set(headBytes);
  message.set(body, headBytes.byteLength);
  return message;
}
