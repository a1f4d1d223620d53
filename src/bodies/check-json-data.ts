import { EndpointError, type EndpointErrorFields } from "../errors/endpoint-error.js";
import { isPlainObject } from "../shared/object.js";
import { quote } from "../shared/quote.js";

/** Nesting deeper than this (a cycle is endless nesting) would overflow `JSON.stringify`'s stack. */
export const MAX_JSON_DEPTH = 500;
/** Values in one JSON body, a shared part counted at each place, as JSON writes it. */
export const MAX_JSON_VALUES = 1_000_000;

/**
 * Checks the plain data of a JSON body (plain objects and lists, as `JSON.parse` makes them)
 * for what `JSON.stringify` would lose without a word: NaN and infinities (written as `null`),
 * functions and symbols (dropped), undefined list items and holes, invalid Dates. Nesting
 * deeper than `MAX_JSON_DEPTH` is refused, and so is more than `MAX_JSON_VALUES` values: a
 * cycle or a part shared over and over ends there, in linear time. Any other object is the
 * caller's, passed on by reference: the adapter that writes the body checks it then. `path`
 * names the value in development messages; `fault` is the parameter or option that holds it.
 */
export function checkJsonData(
  value: unknown,
  path: string,
  fault: EndpointErrorFields,
  count = { values: 0 },
  depth = 0,
): void {
  if (++count.values > MAX_JSON_VALUES) {
    throw notJson(
      path,
      fault,
      __DEV__
        ? `is one of more than ${MAX_JSON_VALUES} values (shared parts count at each place, as JSON writes them): send less`
        : "",
    );
  }
  if (typeof value !== "object" || value === null) {
    checkJsonPrimitive(value, path, fault);
    return;
  }
  const list = Array.isArray(value);
  if (!list && !isPlainObject(value)) {
    // Not plain data: passed on, but for an invalid Date, which JSON would write as null.
    if (value instanceof Date && Number.isNaN(value.getTime())) {
      throw notJson(
        path,
        fault,
        __DEV__ ? "is an invalid Date, which JSON writes as null: pass a valid Date" : "",
      );
    }
  } else if (depth >= MAX_JSON_DEPTH) {
    throw notJson(
      path,
      fault,
      __DEV__
        ? `is nested deeper than ${MAX_JSON_DEPTH} levels (or holds a cycle), which JSON cannot carry: flatten it`
        : "",
    );
  } else if (list) {
    // Stops at the first hole: a sparse list of length 2^32-1 fails at once, not slot by slot.
    for (let i = 0; i < value.length; i++) {
      const at = __DEV__ ? `${path}[${i}]` : path;
      if (!Object.hasOwn(value, i)) {
        throw notJson(
          at,
          fault,
          __DEV__ ? "is a hole in a list, which JSON cannot carry: pass a list without holes" : "",
        );
      }
      const item: unknown = value[i];
      if (item === undefined) throw notJson(at, fault, __DEV__ ? UNDEFINED_ITEM : "");
      checkJsonData(item, at, fault, count, depth + 1);
    }
  } else if (typeof value.toJSON !== "function") {
    // (JSON sends what toJSON returns, which is the caller's to answer for.)
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item !== undefined) checkJsonData(item, __DEV__ ? `${path}.${key}` : path, fault, count, depth + 1);
    }
  }
}

/** Refuses a number JSON would write as `null`, and a function or symbol it would drop. */
export function checkJsonPrimitive(value: unknown, path: string, fault: EndpointErrorFields): void {
  const type = typeof value;
  if (type === "number" ? !Number.isFinite(value) : type === "symbol" || type === "function") {
    throw notJson(
      path,
      fault,
      __DEV__
        ? type === "number"
          ? `is ${value as number}, which JSON cannot carry: pass a finite number, or null`
          : `is a ${type}, which JSON cannot carry: pass a string, number, boolean, null, list or object`
        : "",
    );
  }
}

const UNDEFINED_ITEM = "is undefined in a list, which JSON writes as null: leave it out, or pass null";

/**
 * JSON writes an undefined list item as `null`: in a body, undefined means "not given".
 * (`checkJsonData` writes this step out: a function of its own for one call costs bytes.)
 */
export function undefinedItem(path: string, fault: EndpointErrorFields): EndpointError {
  return notJson(path, fault, __DEV__ ? UNDEFINED_ITEM : "");
}

/**
 * `invalid_parameter` for the body value at `path` (named in development builds), held by the
 * parameter or option `fault`; `problem` is empty in production builds.
 */
export function notJson(path: string, fault: EndpointErrorFields, problem: string): EndpointError {
  return new EndpointError(
    "invalid_parameter",
    __DEV__ ? `The body value ${quote(path)} ${problem}.` : "",
    fault,
  );
}
