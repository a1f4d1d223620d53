import { EndpointError, invalidOptions } from "../errors/endpoint-error.js";
import { arrayItems, snapshot, unreadable } from "../errors/read-own.js";
import { describeValue } from "../shared/describe-value.js";
import { HEADER_NAME } from "../shared/http.js";
import { isArray, isPlainObject, MAX_PROTOTYPE_CHAIN, setOwn } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { numberToDecimal } from "../template/template-value.js";

type HeaderRecord = Record<string, unknown>;

const MAX_HEADERS = 10_000;

/**
 * Applies headers given as a plain object, a `Headers` instance or `[name, value]` pairs onto
 * `target`: names are lowercased (among names differing in case the last wins), `null`
 * removes a header, `undefined` is skipped.
 */
export function applyHeaders(target: HeaderRecord, input: unknown): HeaderRecord {
  if (input === undefined || input === null) return target;
  if (isPlainObject(input)) {
    const read = snapshot(input, __DEV__ ? "headers" : "");
    for (const name of Object.keys(read)) applyHeader(target, name, read[name]);
    return target;
  }
  // A hole is `notPairs` itself in production builds, where its argument (the index) is unused.
  const entries = isArray(input)
    ? arrayItems(input, __DEV__ ? (index) => notPairs(`an array with a hole at index ${index}`) : notPairs)
    : iterated(input);
  for (const entry of entries) {
    const pair = isArray(entry)
      ? arrayItems(entry, __DEV__ ? () => notPairs("a pair with a hole") : notPairs)
      : [];
    const [name, value] = pair;
    if (pair.length !== 2 || typeof name !== "string") {
      throw notPairs(
        __DEV__ ? (pair.length !== 2 ? describeValue(entry) : `a pair named ${describeValue(name)}`) : "",
      );
    }
    applyHeader(target, name, value);
  }
  return target;
}

/**
 * The entries of an iterable such as a `Headers` or a `Map`, whose iterator comes from the object
 * itself or its class, never one that other code put on Object.prototype (which would make
 * every object a source of headers).
 */
function iterated(input: unknown): unknown[] {
  let iterate: unknown;
  try {
    // Bounded: a Proxy can report a prototype chain that loops.
    for (
      let at = typeof input === "object" ? input : null, depth = 0;
      at !== null && depth < MAX_PROTOTYPE_CHAIN;
      at = Object.getPrototypeOf(at), depth++
    ) {
      const own = Object.getOwnPropertyDescriptor(at, Symbol.iterator);
      if (own !== undefined) {
        if (at !== Object.prototype) iterate = own.value;
        break;
      }
    }
  } catch {
    // a Proxy that cannot be read: not iterable either
  }
  if (typeof iterate !== "function") {
    throw invalidOptions(
      __DEV__
        ? `headers must be a plain object, a Headers instance or an iterable of [name, value] pairs, got ${describeValue(input)}.`
        : "",
      "headers",
    );
  }
  // A Headers or Map made with Object.create(X.prototype) has the iterator but not the internal
  // slots, and its iterator throws a TypeError: refused as options, never passed on.
  const entries: unknown[] = [];
  try {
    // The iterator found on the object or its class, called on it: a Proxy that reports
    // another prototype than its own cannot lead to one on Object.prototype.
    const iterator = iterate.call(input) as Iterator<unknown>;
    for (let step = iterator.next(); step.done !== true; step = iterator.next()) {
      // An endless iterator must end in an error, not in an endless loop.
      if (entries.push(step.value) > MAX_HEADERS) break;
    }
  } catch (error) {
    throw unreadable(error, __DEV__ ? "headers" : "");
  }
  if (entries.length > MAX_HEADERS) throw notPairs(__DEV__ ? `more than ${MAX_HEADERS} entries` : "");
  return entries;
}

/**
 * `invalid_header` for headers given as pairs; `got` is given as `__DEV__ ? "..." : ""` (or,
 * in production builds, anything: it is not read).
 */
function notPairs(got: unknown): EndpointError {
  return new EndpointError(
    "invalid_header",
    __DEV__
      ? `headers must yield [name, value] pairs, got ${got}; pass a plain object, a Headers instance or an array of pairs.`
      : "",
    { option: "headers" },
  );
}

function applyHeader(target: HeaderRecord, name: string, value: unknown): void {
  if (value === undefined) return;
  // The name is checked as written: lowercasing first would turn a Kelvin sign into a "k".
  checkHeaderName(name);
  const lower = name.toLowerCase();
  if (value === null) {
    delete target[lower];
    return;
  }
  const type = typeof value;
  if (type !== "string" && type !== "number" && type !== "bigint") {
    throw new EndpointError(
      "invalid_header",
      __DEV__
        ? `Header ${quote(name)} has the value ${describeValue(value)}: a header value must be a string or a number (null removes the header).`
        : "",
      { header: name },
    );
  }
  setOwn(target, lower, value);
}

// Single character classes, anchored or not: linear scans, nothing to backtrack over.
const LINE_BREAK_OR_NUL = /[\r\n\0]/;
// RFC 9110 field-value: tab, visible ASCII and obs-text (0x80-0xFF). fetch's Headers and Node's
// http refuse anything else with a TypeError at send time, far from the mistake.
const NOT_FIELD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Checks every header of a record `applyHeaders` wrote (or a copy of one) and makes each value a string: values
 * must not hold CR, LF or NUL (which would start a new header or end the head), nor other
 * control characters or characters above U+00FF, which no client can send. The names are RFC
 * 9110 tokens already: `applyHeaders` checked each (a token lowercased is a token).
 */
export function toHeaderStrings(headers: HeaderRecord): Record<string, string> {
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    // Strings, bigints and numbers come through applyHeaders (nothing else); a number must also
    // be finite.
    const type = typeof value;
    if (type === "number" && !Number.isFinite(value)) {
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Header ${quote(name)} has the value ${describeValue(value)}: a header value must be a string or a finite number.`
          : "",
        { header: name },
      );
    }
    const text = type === "number" ? numberToDecimal(value as number) : String(value);
    checkHeaderValue(name, text);
    if (text !== value) headers[name] = text;
  }
  return headers as Record<string, string>;
}

/** Throws unless `name` is an RFC 9110 token. */
export function checkHeaderName(name: string): void {
  if (!HEADER_NAME.test(name)) {
    throw new EndpointError(
      "invalid_header",
      __DEV__
        ? `Invalid header name ${quote(name)}: a name is a token of letters, digits and !#$%&'*+-.^_\`|~ only.`
        : "",
      { header: name },
    );
  }
}

/** Throws unless `text` can be sent as the value of header `name`. */
export function checkHeaderValue(name: string, text: string): void {
  if (NOT_FIELD_VALUE.test(text)) {
    throw new EndpointError(
      "invalid_header",
      __DEV__
        ? LINE_BREAK_OR_NUL.test(text)
          ? `Header ${quote(name)} has a value with CR, LF or NUL, which could inject another header; remove those characters.`
          : `Header ${quote(name)} has a value with a control character or a character above U+00FF, which HTTP clients refuse; percent-encode or remove it.`
        : "",
      { header: name },
    );
  }
}
