import { printableBytes } from "../bodies/printable-bytes.js";
import { impliedContentType, serializeBody, writingBody } from "../bodies/serialize-body.js";
import { EndpointError } from "../errors/endpoint-error.js";
import { quote } from "../shared/quote.js";
import type { RequestOptions } from "../types/request.js";
import { refuseFraming } from "./framing-headers.js";
import { readRequestOptions } from "./read-request-options.js";

/**
 * A `curl` command for request options that a POSIX shell runs as is, whatever the values
 * hold: every argument is single-quoted, and a byte body is piped in through `printf`.
 * curl's own default headers (`accept`, `user-agent`, `content-type`) are switched off when the
 * options do not set them, so the server sees exactly the described request. The options are
 * checked first, as they may have been built or changed by hand: an unknown method, a url
 * that is not http(s) or a path, a header that is not a token with a sendable value, or a
 * `host`, `content-length` or `transfer-encoding` header (refused as by `toHttpMessage`) is an
 * `EndpointError`, never part of a command.
 *
 * @example
 * ```ts
 * toCurl(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
 * // "curl -q -sS --globoff --path-as-is -X GET 'https://api.github.com/repos/o/r' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: rest-endpoint/1.0.0'"
 * ```
 */
export function toCurl(options: RequestOptions): string {
  const request = readRequestOptions(options, "toCurl");
  // curl writes the framing from the url and the body, as a raw message does: a header of the
  // options' own (`content-length: 0`) would make the body a second request.
  refuseFraming(request.headers, "toCurl");
  // The method is a word of the one table (letters only), so it needs no quoting.
  const { method, headers, names } = request;
  // -q (first, or curl ignores it) skips the user's .curlrc, which could add headers or write files;
  // -sS hides the progress meter but not the errors.
  const args = ["curl", "-q", "-sS", "--globoff", "--path-as-is"];
  // Sizes checked before quoting too: a quote is four characters quoted, and a long enough
  // value would pass the longest string the engine can make.
  checkArgumentSizes([request.url, ...Object.keys(headers).map((name) => `${name}: ${headers[name]}`)]);
  args.push(method === "HEAD" ? "--head" : `-X ${method}`, shellQuote(request.url));
  for (const name of Object.keys(headers)) {
    const value = headers[name] as string;
    if (/[^\t\x20-\x7e]/.test(value)) {
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Header ${quote(name)} has a value beyond ASCII: a shell command carries it as UTF-8, so curl would send other bytes than fetch or a raw message; percent-encode it or use another client.`
          : "",
        { header: name },
      );
    }
    // curl reads `name:` followed by nothing but white space as "remove this header"; `name;`
    // sends it empty, which is what such a value is (HTTP trims it).
    args.push("-H", shellQuote(value.trim() === "" ? `${name};` : `${name}: ${value}`));
  }
  for (const name of ["accept", "user-agent"]) if (!names.has(name)) args.push("-H", shellQuote(`${name}:`));
  checkArgumentSizes(args);
  if (!request.hasBody) return args.join(" ");

  // What fetch would label the body (a form), or no content-type rather than curl's own.
  const implied = impliedContentType(request.body, names);
  if (!names.has("content-type"))
    args.push("-H", shellQuote(`content-type:${implied === undefined ? "" : ` ${implied}`}`));
  // curl asks for `Expect: 100-continue` before a large body: not part of the described request.
  if (!names.has("expect")) args.push("-H", shellQuote("expect:"));
  return writingBody(() => {
    const serialized = serializeBody(request.body);
    // A shell argument cannot hold NUL, nor more than 128 KiB on Linux: such text goes through
    // printf (a shell builtin, so no argument limit) like bytes do.
    if (typeof serialized === "string" && !serialized.includes("\0") && serialized.length <= MAX_ARGUMENT) {
      args.push("--data-raw", shellQuote(serialized));
      return args.join(" ");
    }
    const bytes = printableBytes(serialized, "toCurl", "a command");
    if (bytes.byteLength > MAX_BODY) {
      throw new EndpointError(
        "invalid_parameter",
        __DEV__
          ? `The body is ${bytes.byteLength} bytes, more than the ${MAX_BODY} a shell command carries here; send it with toFetchArgs, or with curl --data-binary @FILE.`
          : "",
        { option: "body" },
      );
    }
    args.push("--data-binary", "@-");
    return `printf ${shellQuote(printfEscape(bytes))} | ${args.join(" ")}`;
  });
}

/** Characters of text in one argument: at three UTF-8 bytes each, well under Linux's 128 KiB. */
const MAX_ARGUMENT = 32 * 1024;
/** Bytes of one ASCII argument (Linux refuses 128 KiB with its NUL), and of all of them. */
const MAX_ASCII_ARGUMENT = 128 * 1024 - 1;
const MAX_ARGUMENTS = 1024 * 1024;
/** Bytes of a body written into the command: printf's escapes make it up to four times longer. */
const MAX_BODY = 16 * 1024 * 1024;

/**
 * The url and the headers are arguments of curl, which the shell hands to the kernel: past its
 * limits (one argument, all of them with their pointers and ends) the shell refuses to start
 * curl at all. Counted on the quoted arguments, a little longer than what the kernel gets.
 */
function checkArgumentSizes(args: readonly string[]): void {
  let total = 0;
  let longest = 0;
  for (let i = 0; i < args.length; i++) {
    const length = (args[i] as string).length;
    // Each argument also costs its terminating NUL and an 8-byte pointer.
    total += length + 9;
    if (length > longest) longest = length;
  }
  if (longest > MAX_ASCII_ARGUMENT || total > MAX_ARGUMENTS) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `The url or the headers are too long for a command line (one argument at most ${MAX_ASCII_ARGUMENT} bytes, all at most ${MAX_ARGUMENTS}): send them with toFetchArgs.`
        : "",
    );
  }
}

/** Single quotes keep every character literal in a POSIX shell; a quote itself is `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * A printf format that writes exactly these bytes: printable ASCII as is, the rest as octal.
 * A leading `-` is octal too: printf would read the format as an option and write nothing.
 */
function printfEscape(bytes: Uint8Array): string {
  // Runs of plain bytes are decoded whole and the pieces joined once: a string grown a byte at
  // a time would hold tens of bytes of memory for each byte of the body.
  const pieces: string[] = [];
  let start = 0;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index] as number;
    let escaped: string;
    if (byte === 0x25) escaped = "%%";
    else if (byte === 0x2d && index === 0) escaped = "\\055";
    else if (byte === 0x5c) escaped = "\\\\";
    else if (byte >= 0x20 && byte < 0x7f) continue;
    else escaped = `\\${byte.toString(8).padStart(3, "0")}`;
    if (index > start) pieces.push(LATIN1.decode(bytes.subarray(start, index)));
    pieces.push(escaped);
    start = index + 1;
  }
  if (bytes.length > start) pieces.push(LATIN1.decode(bytes.subarray(start)));
  return pieces.join("");
}

const LATIN1 = /* @__PURE__ */ new TextDecoder("latin1");
