// How `--send` prints what came back: one response, or the pages of `--paginate`, through
// `--jq` when asked, and the one line on standard error for a status of 400 or more.
import { escapeTerminal } from "./escape-controls.js";
import type { SendSettings } from "./parse-arguments.js";
import { jsonArrayItems, type Reprint, reprintJson } from "./reprint-json.js";
import { SendError } from "./send-error.js";
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

/** Prints pages as they arrive; `end` once after the last (also when sending failed half way). */
export interface PagePrinter {
  /** `value` is the page's JSON when the caller parsed it (`--paginate`), so it is read once. */
  page(page: Page, value?: unknown): Promise<void>;
  end(): Promise<void>;
}

/**
 * A printer for the pages of one command, as `settings` ask: each page is written when it
 * arrives, so `--paginate` holds one page at a time. Pages of lists print as one list, as
 * `gh api --paginate` prints them: the items of each page are written as they come, the list
 * closed at the end (or before a page that is no list). Only `--slurp` keeps every page, to
 * print them as one array at the end. The first status of 400 or more gets a line on stderr.
 */
export function pagePrinter(settings: SendSettings, io: PrintIo): PagePrinter {
  let failed = false;
  const slurped: Page[] = [];
  /** Items written to the open list, or `undefined` when no list is open. */
  let listed: number | undefined;
  const indent = io.isTerminal ? 2 : undefined;
  // Printed from the server's own text: numbers keep their digits, and on a terminal a
  // string's controls stay escapes (JSON.stringify would write \u009b as the raw CSI).
  const how: Reprint = io.isTerminal ? { indent: 2, escape: true } : {};
  const closeList = (): void => {
    if (listed === undefined) return;
    io.stdout(listed === 0 ? "[]\n" : indent === undefined ? "]\n" : "\n]\n");
    listed = undefined;
  };
  return {
    async page(page, value = settings.paginate ? parsedJson(page.bytes) : undefined) {
      if (page.status >= 400 && !failed) {
        failed = true;
        io.stderr(`rest-endpoint: ${statusLine(page)}\n`);
      }
      if (settings.silent) return;
      if (settings.slurp) {
        slurped.push(page);
        return;
      }
      if (settings.jq !== undefined) {
        io.stdout(onScreen(withNewline(await runJq(jsonText(page), settings.jq, io)), io));
        return;
      }
      const items =
        settings.paginate && page.status < 400 && Array.isArray(value)
          ? jsonArrayItems(decoded(page))
          : undefined;
      if (items !== undefined) {
        let text = "";
        for (const item of items) {
          const json = printable(() => reprintJson(item, { ...how, margin: "  " }));
          const first = listed === 0 || listed === undefined;
          text += `${first ? "[" : ","}${indent === undefined ? "" : "\n  "}${json}`;
          listed = (listed ?? 0) + 1;
        }
        listed ??= 0;
        if (text !== "") io.stdout(text);
        return;
      }
      closeList();
      io.stdout(body(page, io.isTerminal));
    },
    async end() {
      closeList();
      if (!settings.slurp || settings.silent) return;
      if (settings.jq !== undefined) {
        const all = `[${slurped.map((page) => jsonText(page)).join(",")}]`;
        io.stdout(onScreen(withNewline(await runJq(all, settings.jq, io)), io));
        return;
      }
      io.stdout(
        printable(() => `${reprintJson(`[${slurped.map((page) => jsonText(page)).join(",")}]`, how)}\n`),
      );
    },
  };
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

/**
 * The body as printed: JSON indented on a terminal; text ending in a newline; bytes as they
 * came. On a terminal, whatever is no JSON is text with its controls escaped (`onScreen`).
 */
function body(page: Page, terminal: boolean): string | Uint8Array {
  if (terminal && isJson(page) && parsedJson(page.bytes) !== undefined) {
    return printable(() => `${reprintJson(decoded(page), { indent: 2, escape: true })}\n`);
  }
  if (terminal) return printable(() => withNewline(escapeTerminal(decoded(page))));
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

function decoded(page: Page): string {
  return new TextDecoder().decode(page.bytes);
}

/** `print()`, or one line when its text is longer than the engine's longest string. */
function printable(print: () => string): string {
  try {
    return print();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new SendError(
      "The response is too large to print as asked: leave out --slurp, or print to a file.",
    );
  }
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
  const text = decoded(page);
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

/**
 * Text for standard output: on a terminal, every control but the line breaks and tabs that lay
 * it out is an escape (jq's `-r` prints strings raw: an ESC, a C1 CSI or a bidi control in a
 * server's string would drive the terminal, or reorder what it shows).
 */
function onScreen(text: string, io: PrintIo): string {
  return io.isTerminal ? escapeTerminal(text) : text;
}

function withNewline(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}
