import { printableBytes } from "../bodies/printable-bytes.js";
import { impliedContentType, serializeBody, writingBody } from "../bodies/serialize-body.js";
import type { RequestOptions } from "../types/request.js";
import { refuseFraming } from "./framing-headers.js";
import { readRequestOptions } from "./read-request-options.js";

/**
 * The raw HTTP/1.1 request for request options: request line, `host`, the headers,
 * `content-length` when there is a body, a blank line and the body, with CRLF line ends.
 * A relative url has no host to name, so it gets no `host` line. The options are checked
 * first (as for `toCurl`), and a `host`, `content-length` or `transfer-encoding` header of
 * their own is `invalid_header`: with the ones written here, servers and proxies could read
 * the message as two different requests.
 */
export function toHttpMessage(options: RequestOptions): Uint8Array {
  const request = readRequestOptions(options, "toHttpMessage");
  refuseFraming(request.headers, "toHttpMessage");
  let head = `${request.method} ${request.target} HTTP/1.1\r\n`;
  if (request.host !== undefined) head += `host: ${request.host}\r\n`;
  for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
  let body: Uint8Array = new Uint8Array(0);
  if (request.hasBody) {
    body = writingBody(() => printableBytes(serializeBody(request.body), "toHttpMessage", "a message"));
    const implied = impliedContentType(request.body, request.names);
    if (implied !== undefined) head += `content-type: ${implied}\r\n`;
    head += `content-length: ${body.byteLength}\r\n`;
  }
  head += "\r\n";
  // Every character of the head is below U+0100 (header values are checked): one byte each,
  // so a Latin-1 value goes out as the single byte that HTTP clients send, not as UTF-8.
  const message = new Uint8Array(head.length + body.byteLength);
  for (let i = 0; i < head.length; i++) message[i] = head.charCodeAt(i);
  message.set(body, head.length);
  return message;
}
