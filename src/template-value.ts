import { quote } from "./describe.js";
import { EndpointError } from "./endpoint-error.js";
import { isPlainObject } from "./object.js";

/**
 * Converts one scalar value to the string RFC 6570 expands: strings as they are, numbers and
 * bigints in decimal, booleans, dates as ISO 8601. Returns `undefined` for `null`/`undefined`
 * and `null` for lists and plain objects (composite values, handled by the caller).
 * Anything else cannot be put in a URL and is an `invalid_parameter` error.
 */
export function toScalarString(value: unknown, name: string): string | null | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      if (Number.isFinite(value)) return numberToDecimal(value);
      throw invalidValue(name, `is ${value}`, "pass a finite number");
    case "bigint":
      return value.toString();
    case "boolean":
      return value ? "true" : "false";
    case "undefined":
      return undefined;
    case "object":
      if (value === null) return undefined;
      if (Array.isArray(value) || isPlainObject(value)) return null;
      if (value instanceof Date) {
        const time = value.getTime();
        if (Number.isNaN(time)) throw invalidValue(name, "is an invalid Date", "pass a valid Date");
        return value.toISOString();
      }
      throw invalidValue(
        name,
        "is an object that is not plain",
        "pass a string, number, array or plain object",
      );
    default:
      throw invalidValue(name, `is a ${typeof value}`, "pass a string, number, array or plain object");
  }
}

/** The items of a list value, converted; `null`/`undefined` items are left out. */
export function listItems(list: readonly unknown[], name: string): string[] {
  const items: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = toScalarString(list[i], name);
    if (item === null) {
      throw invalidValue(
        name,
        `has a nested list or object at item ${i}`,
        "flatten the list to strings or numbers",
      );
    }
    if (item !== undefined) items.push(item);
  }
  return items;
}

/** The `[key, value]` pairs of a plain object value, converted; `null`/`undefined` values are left out. */
export function mapPairs(map: Record<string, unknown>, name: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key of Object.keys(map)) {
    const item = toScalarString(map[key], name);
    if (item === null) {
      throw invalidValue(
        name,
        `has a nested list or object at key ${quote(key)}`,
        "use strings or numbers as values",
      );
    }
    if (item !== undefined) pairs.push([key, item]);
  }
  return pairs;
}

function invalidValue(name: string, what: string, fix: string): EndpointError {
  return new EndpointError("invalid_parameter", `Parameter ${quote(name)} ${what}: ${fix}.`);
}

/**
 * `String(n)` switches to exponent form past 1e21 and below 1e-6; a URL wants plain digits.
 * The digits are those of the shortest round-trip form, only the decimal point moves.
 */
export function numberToDecimal(value: number): string {
  const text = String(value);
  const e = text.indexOf("e");
  if (e === -1) return text;
  const negative = text.startsWith("-");
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  const digits = dot === -1 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot === -1 ? mantissa.length : dot) + exponent;
  let decimal: string;
  if (point <= 0) decimal = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) decimal = digits + "0".repeat(point - digits.length);
  else decimal = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${decimal}` : decimal;
}
