// How `--send` prints what came back: one response, or the pages of `--paginate`, through
// `--jq` when asked, and the one line on standard error for a status of 400 or more.
import type { SendSettings } from "./parse-arguments.js";
import { UsageError } from "./usage-error.js";

/** A response read whole. */
export interface Page {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly bytes: Uint8Array;
}

/** What printing needs from its host. */
export interface PrintIo {
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
  readonly isTerminal: boolean;
  /** Runs a jq filter over JSON text, printing strings raw as `jq -r` does. */
  jq?(json: string, filter: string): Promise<string>;
}

/** The package `--jq` runs: jq itself, compiled to WebAssembly. Optional, as the generator's is. */
export const JQ_PACKAGE = "jq-wasm";

/** Prints the pages as `settings` ask; the first status of 400 or more also gets a line on stderr. */
export async function printPages(pages: readonly Page[], settings: SendSettings, io: PrintIo): Promise<void> {
  const failed = pages.find((page) => page.status >= 400);
  if (failed !== undefined) io.stderr(`rest-endpoint: ${statusLine(failed)}\n`);
  if (settings.silent) return;
  if (settings.jq !== undefined) {
    const inputs = settings.slurp
      ? [`[${pages.map((page) => jsonText(page)).join(",")}]`]
      : pages.map(jsonText);
    for (const input of inputs) io.stdout(withNewline(await runJq(input, settings.jq, io)));
    return;
  }
  if (settings.slurp) {
    const all = pages.map((page) => JSON.parse(jsonText(page)) as unknown);
    io.stdout(`${JSON.stringify(all, null, io.isTerminal ? 2 : undefined)}\n`);
    return;
  }
  const values = pages.length > 1 ? pages.map((page) => parsedJson(page.bytes)) : [];
  if (values.length > 1 && values.every(Array.isArray)) {
    // gh's way with pages of lists: one list of every item.
    io.stdout(`${JSON.stringify(values.flat(), null, io.isTerminal ? 2 : undefined)}\n`);
    return;
  }
  for (const page of pages) io.stdout(body(page, io.isTerminal));
}

/** `HTTP 401: Bad credentials`: the status and the API's message when its body has one. */
function statusLine(page: Page): string {
  const value = parsedJson(page.bytes);
  const message =
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string"
      ? `: ${(value as { message: string }).message}`
      : page.statusText === ""
        ? ""
        : `: ${page.statusText}`;
  // One line, whatever the API's message holds: line breaks become spaces.
  const line = message.replace(/[\r\n\u2028\u2029]+/g, " ");
  return `HTTP ${page.status}${line.length > 300 ? `${line.slice(0, 300)}…` : line}`;
}

/** The body as printed: JSON indented on a terminal; text ending in a newline; bytes as they came. */
function body(page: Page, terminal: boolean): string | Uint8Array {
  if (terminal && isJson(page)) {
    const value = parsedJson(page.bytes);
    if (value !== undefined) return `${JSON.stringify(value, null, 2)}\n`;
  }
  if (!isText(page) || page.bytes.length === 0 || page.bytes[page.bytes.length - 1] === 10) return page.bytes;
  const out = new Uint8Array(page.bytes.length + 1);
  out.set(page.bytes);
  out[page.bytes.length] = 10;
  return out;
}

function mediaType(page: Page): string {
  return page.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
}

function isJson(page: Page): boolean {
  const type = mediaType(page);
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** Text that a newline cannot spoil: JSON, text/*, XML. A download of bytes is left alone. */
function isText(page: Page): boolean {
  const type = mediaType(page);
  return isJson(page) || type.startsWith("text/") || type.endsWith("+xml") || type === "application/xml";
}

/** The body as JSON, or `undefined` when it is not JSON. */
export function parsedJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** The body as JSON text, for jq or --slurp: a body that is not JSON is bad input for them. */
function jsonText(page: Page): string {
  const text = new TextDecoder().decode(page.bytes);
  try {
    JSON.parse(text);
  } catch {
    throw new UsageError(
      `The response (status ${page.status}) is not JSON, which --jq and --slurp need; leave them out.`,
    );
  }
  return text;
}

async function runJq(json: string, filter: string, io: PrintIo): Promise<string> {
  if (io.jq === undefined) {
    throw new UsageError(`--jq needs the package ${JQ_PACKAGE}: npm install ${JQ_PACKAGE}`);
  }
  try {
    return await io.jq(json, filter);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const text = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--jq ${JSON.stringify(filter)}: ${text.split("\n")[0]}`);
  }
}

function withNewline(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}
