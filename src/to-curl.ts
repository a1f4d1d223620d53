import { EndpointError } from "./endpoint-error.js";
import { serializeBody } from "./to-fetch-args.js";
import type { RequestOptions } from "./types.js";

/**
 * A `curl` command for request options that a POSIX shell runs as is, whatever the values
 * hold: every argument is single-quoted, and a byte body is piped in through `printf`.
 * curl's own default headers (`accept`, `user-agent`, `content-type`) are switched off when the
 * options do not set them, so the server sees exactly the described request.
 *
 * @example
 * ```ts
 * toCurl(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
 * // "curl --globoff --path-as-is -X GET 'https://api.github.com/repos/o/r' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: rest-endpoint/1.0.0'"
 * ```
 */
export function toCurl(options: RequestOptions): string {
  const method = options.method.toUpperCase();
  const args = ["curl", "--globoff", "--path-as-is"];
  args.push(method === "HEAD" ? "--head" : `-X ${method}`, shellQuote(options.url));
  const { headers } = options;
  for (const name of Object.keys(headers)) {
    const value = headers[name] as string;
    // curl reads `name:` as "remove this header"; `name;` sends it empty.
    args.push("-H", shellQuote(value === "" ? `${name};` : `${name}: ${value}`));
  }
  for (const name of ["accept", "user-agent"])
    if (!Object.hasOwn(headers, name)) args.push("-H", shellQuote(`${name}:`));

  let pipe = "";
  const body = options.body;
  if (body !== undefined && method !== "GET" && method !== "HEAD") {
    if (!Object.hasOwn(headers, "content-type")) args.push("-H", shellQuote("content-type:"));
    const serialized = serializeBody(body);
    // A shell argument cannot hold NUL: such text goes through printf like bytes do.
    if (typeof serialized === "string" && !serialized.includes("\0")) {
      args.push("--data-raw", shellQuote(serialized));
    } else {
      const bytes = toBytes(serialized);
      if (bytes === undefined) {
        throw new EndpointError(
          "invalid_options",
          "toCurl cannot write a Blob, FormData or stream body into a command; pass text or bytes as data.",
        );
      }
      pipe = `printf ${shellQuote(printfEscape(bytes))} | `;
      args.push("--data-binary", "@-");
    }
  }
  return pipe + args.join(" ");
}

/** Single quotes keep every character literal in a POSIX shell; a quote itself is `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function toBytes(body: unknown): Uint8Array | undefined {
  if (typeof body === "string") return new TextEncoder().encode(body);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) {
    return new TextEncoder().encode(body.toString());
  }
  return undefined;
}

/** A printf format that writes exactly these bytes: printable ASCII as is, the rest as octal. */
function printfEscape(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) {
    if (byte === 0x25) out += "%%";
    else if (byte === 0x5c) out += "\\\\";
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return out;
}
