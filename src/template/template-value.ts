import { EndpointError, withCause } from "../errors/endpoint-error.js";
import { arrayItems } from "../errors/read-own.js";
import { isArray, isPlainObject, setOwn } from "../shared/object.js";
import { quote } from "../shared/quote.js";

// The built-in methods, held before any other code runs: a Date is recognised by its internal
// slot (a prototype alone, `Object.create(Date.prototype)`, is not a date), and converted by the
// built-in, never by an override that could return something other than a string.
const dateTime = Date.prototype.getTime;
const dateIso = Date.prototype.toISOString;

/**
 * Converts one scalar value to the string RFC 6570 expands: strings as they are, numbers and
 * bigints in decimal, booleans, dates as ISO 8601. Returns `undefined` for `null`/`undefined`
 * and `null` for lists and plain objects (composite values, handled by the caller).
 * Anything else cannot be put in a URL and is an `invalid_parameter` error.
 */
export function toScalarString(value: unknown, name: string): string | null | undefined {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isFinite(value)) return numberToDecimal(value);
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (typeof value === "object") {
    return isArray(value) || isPlainObject(value) ? null : otherObjectString(value, name);
  }
  throw invalidValue(
    name,
    __DEV__
      ? typeof value === "number"
        ? `is ${value}: pass a finite number`
        : `is a ${typeof value}: pass a string, number, array or plain object`
      : "",
  );
}

/** An object that is neither a list nor plain: a real Date (from any realm) as ISO 8601, anything else refused. */
function otherObjectString(value: object, name: string): string {
  // Left undefined for an object that is not a Date, NaN for an invalid Date: both refused below.
  let time: number | undefined;
  try {
    time = dateTime.call(value);
  } catch {
    // Not a Date. A Proxy whose trap threw, or a revoked one, gives what it threw as the cause.
    try {
      Object.getPrototypeOf(value);
    } catch (thrown) {
      throw withCause(invalidValue(name, __DEV__ ? NOT_PLAIN : ""), thrown);
    }
  }
  if (!Number.isFinite(time)) {
    throw invalidValue(
      name,
      __DEV__ ? (time === undefined ? NOT_PLAIN : "is an invalid Date: pass a valid Date") : "",
    );
  }
  return dateIso.call(value);
}

const NOT_PLAIN = "is an object that is not plain: pass a string, number, array or plain object";

/**
 * A value read once: a list or plain object into a copy of our own, so that a value expanded in
 * several places (`/{l}/x/{l}`, `{m}{?m*}`) shows every place the same items; another object
 * converted to its string (a Date) or refused. Primitives as they are.
 */
export function readValue(value: unknown, name: string): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (isArray(value)) {
    return arrayItems(value, (index) =>
      invalidValue(name, __DEV__ ? `is a list with a hole at index ${index}: pass a list without holes` : ""),
    );
  }
  if (isPlainObject(value)) {
    // Each value read once, into an ordinary object of ours (a record with no prototype is a
    // slow hash table): its own keys are all that is ever read of it. Keys and reads by index,
    // not Object.entries, which builds an array per key (an exploded {?m*} ran 1.25x slower).
    // A key a getter of an earlier one deleted is left out: read, it would reach the prototype.
    const keys = Object.keys(value);
    const copy: Record<string, unknown> = {};
    for (const key of keys) {
      if (Object.hasOwn(value, key)) setOwn(copy, key, (value as Record<string, unknown>)[key]);
    }
    return copy;
  }
  // Any other object (a Date) is converted now, without asking again what it is: a Proxy
  // could answer that it is plain after all, and be read live.
  return otherObjectString(value, name);
}

/** The items of a list value (read by `readValue`), converted; `null`/`undefined` items are left out. */
export function listItems(list: readonly unknown[], name: string): string[] {
  const items: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = toScalarString(list[i], name);
    if (item === null) throw invalidValue(name, __DEV__ ? nestedAt(i) : "");
    if (item !== undefined) items.push(item);
  }
  return items;
}

/**
 * The `[key, value]` pairs of a plain object value (read by `readValue`), converted;
 * `null`/`undefined` values are left out.
 */
export function mapPairs(map: Record<string, unknown>, name: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key of Object.keys(map)) {
    const item = toScalarString(map[key], name);
    if (item === null) throw invalidValue(name, __DEV__ ? nestedAt(key) : "");
    if (item !== undefined) pairs.push([key, item]);
  }
  return pairs;
}

/**
 * The `invalid_parameter` problem of a list or object at item `at` of a list, or key `at` of a
 * map, given to `invalidValue` in development builds only, so that production ones keep no helper.
 */
export function nestedAt(at: number | string): string {
  return typeof at === "number"
    ? `has a nested list or object at item ${at}: flatten the list to strings or numbers`
    : `has a nested list or object at key ${quote(at)}: use strings or numbers as values`;
}

/**
 * `invalid_parameter` for parameter `name`; `problem` ("what: fix", without the parameter's name)
 * is given in development builds only, "" in production ones.
 */
export function invalidValue(name: string, problem: string): EndpointError {
  return new EndpointError("invalid_parameter", __DEV__ ? `Parameter ${quote(name)} ${problem}.` : "", {
    parameter: name,
  });
}

/**
 * `String(n)` switches to exponent form past 1e21 and below 1e-6; a URL wants plain digits.
 * The digits are those of the shortest round-trip form, only the decimal point moves.
 */
export function numberToDecimal(value: number): string {
  const text = String(value);
  if (!text.includes("e")) return text;
  // `[-]d[.ddd]e±n`: one digit before the point. Past 1e21 the point moves right of every
  // digit, below 1e-6 left of them all.
  const exponent = /(\d)\.?(\d*)e(.+)/.exec(text) as RegExpExecArray;
  const digits = `${exponent[1]}${exponent[2]}`;
  const point = 1 + Number(exponent[3]);
  const decimal = point > 0 ? digits.padEnd(point, "0") : `0.${"0".repeat(-point)}${digits}`;
  return value < 0 ? `-${decimal}` : decimal;
}
