import { describe, quote } from "./describe.js";
import { EndpointError } from "./endpoint-error.js";
import { isPlainObject, setOwn } from "./object.js";
import { numberToDecimal } from "./template-value.js";

type HeaderRecord = Record<string, unknown>;

/**
 * Applies headers given as a plain object, a `Headers` instance or `[name, value]` pairs onto
 * `target`: names are lowercased (among names differing in case the last wins), `null`
 * removes a header, `undefined` is skipped.
 */
export function applyHeaders(target: HeaderRecord, input: unknown): HeaderRecord {
  if (input === undefined || input === null) return target;
  if (isPlainObject(input)) {
    for (const name of Object.keys(input)) applyHeader(target, name, input[name]);
    return target;
  }
  if (typeof input === "object" && Symbol.iterator in input) {
    for (const entry of input as Iterable<unknown>) {
      if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== "string") {
        throw new EndpointError(
          "invalid_header",
          `headers must yield [name, value] pairs, got ${describe(entry)}; pass a plain object, a Headers instance or an array of pairs.`,
        );
      }
      applyHeader(target, entry[0], entry[1]);
    }
    return target;
  }
  throw new EndpointError(
    "invalid_options",
    `headers must be a plain object, a Headers instance or an iterable of [name, value] pairs, got ${describe(input)}.`,
  );
}

function applyHeader(target: HeaderRecord, name: string, value: unknown): void {
  if (value === undefined) return;
  const lower = name.toLowerCase();
  if (value === null) {
    delete target[lower];
    return;
  }
  const type = typeof value;
  if (type !== "string" && type !== "number" && type !== "bigint") {
    throw new EndpointError(
      "invalid_header",
      `Header ${quote(name)} has the value ${describe(value)}: a header value must be a string or a number (null removes the header).`,
    );
  }
  setOwn(target, lower, value);
}

// Single character classes: linear scans, nothing to backtrack over.
const NOT_TOKEN = /[^!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const LINE_BREAK_OR_NUL = /[\r\n\0]/;
// RFC 9110 field-value: tab, visible ASCII and obs-text (0x80-0xFF). fetch's Headers and Node's
// http refuse anything else with a TypeError at send time, far from the mistake.
const NOT_FIELD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Checks every header and makes each value a string: names must be RFC 9110 tokens, values
 * must not hold CR, LF or NUL (which would start a new header or end the head), nor other
 * control characters or characters above U+00FF, which no client can send.
 */
export function toHeaderStrings(headers: HeaderRecord): Record<string, string> {
  for (const name of Object.keys(headers)) {
    if (name === "" || NOT_TOKEN.test(name)) {
      throw new EndpointError(
        "invalid_header",
        `Invalid header name ${quote(name)}: a name is a token of letters, digits and !#$%&'*+-.^_\`|~ only.`,
      );
    }
    const value = headers[name];
    let text: string;
    if (typeof value === "string") text = value;
    else if (typeof value === "bigint") text = value.toString();
    else if (typeof value === "number" && Number.isFinite(value)) text = numberToDecimal(value);
    else {
      throw new EndpointError(
        "invalid_header",
        `Header ${quote(name)} has the value ${describe(value)}: a header value must be a string or a finite number.`,
      );
    }
    checkHeaderValue(name, text);
    if (text !== value) headers[name] = text;
  }
  return headers as Record<string, string>;
}

/** Throws unless `text` can be sent as the value of header `name`. */
export function checkHeaderValue(name: string, text: string): void {
  if (NOT_FIELD_VALUE.test(text)) {
    throw new EndpointError(
      "invalid_header",
      LINE_BREAK_OR_NUL.test(text)
        ? `Header ${quote(name)} has a value with CR, LF or NUL, which could inject another header; remove those characters.`
        : `Header ${quote(name)} has a value with a control character or a character above U+00FF, which HTTP clients refuse; percent-encode or remove it.`,
    );
  }
}
