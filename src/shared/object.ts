// Small object helpers shared by merge, parse and the template engine. None of them follows
// `__proto__`: keys are written as own data properties, so input can never reach a prototype.
import { type EndpointError, invalidOptions, withCause } from "../endpoint-error.js";
import { defineOwn } from "./define-own.js";

/**
 * `Array.isArray` that answers `false` for a revoked Proxy instead of throwing a TypeError:
 * such a value is then refused as "not a list" with an `EndpointError`.
 */
export function isArray(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * A plain object: made by a literal, `Object.create(null)` or `JSON.parse`, in this realm or
 * another. Class instances, arrays, dates, revoked proxies and the like are not plain.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  try {
    const proto: unknown = Object.getPrototypeOf(value);
    return (
      (proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null) &&
      !Array.isArray(value)
    );
  } catch {
    return false; // a Proxy whose traps throw is not something we can read as options
  }
}

/**
 * What was thrown while reading a caller's object: a getter or trap of theirs, or the engine
 * refusing a Proxy that breaks the language's rules (or a chain of proxies too deep to walk).
 * It becomes `invalid_options` with the thrown value as its `cause`, whatever it was (an
 * `EndpointError` of the caller's too: it did not come from this read). `what` names the
 * object in the message; production builds pass "" (see src/endpoint-error.ts).
 */
export function unreadable(error: unknown, what: string): EndpointError {
  return withCause(invalidOptions(__DEV__ ? `${what} cannot be read: pass plain data.` : ""), error);
}

/**
 * A new empty record with no prototype, so no lookup can reach `Object.prototype`. V8 keeps it
 * as a hash table from the start: one shape for every call, where a `{ __proto__: null }`
 * literal grows a shape per set of keys and makes reads across many routes megamorphic.
 */
export function nullRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/**
 * The own properties `names` of `source`, each read once, as a list in the order of `names`
 * (`undefined` where there is none). A Proxy whose traps break the language's rules (a revoked
 * one) is `invalid_options`.
 */
export function readOwn(source: object, names: readonly string[], what: string): unknown[] {
  const out: unknown[] = new Array(names.length);
  try {
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      out[i] = Object.hasOwn(source, name) ? (source as Record<string, unknown>)[name] : undefined;
    }
  } catch (error) {
    throw unreadable(error, what);
  }
  return out;
}

/**
 * A null-prototype copy of the own enumerable properties, each value read exactly once: a getter
 * that answers differently on a second read, or a Proxy, cannot show two steps two values, and
 * no later lookup can reach a (possibly polluted) prototype. A Proxy whose `ownKeys` trap breaks
 * the engine's invariants is `invalid_options` too. `what` as for `unreadable`.
 */
export function snapshot(source: object, what: string): Record<string, unknown> {
  const out: Record<string, unknown> = nullRecord();
  try {
    // A key that a getter of an earlier one deleted is left out: read, it would reach the
    // (possibly polluted) prototype.
    for (const key of Object.keys(source))
      if (Object.hasOwn(source, key)) out[key] = (source as Record<string, unknown>)[key];
  } catch (error) {
    throw unreadable(error, what);
  }
  return out;
}

/**
 * The items of an array, each read once. A hole (or the end of a sparse array's few items) is
 * refused at the first missing index, so a sparse array of length 2^32-1 fails at once instead
 * of being walked slot by slot; a hole would otherwise read `Array.prototype`.
 */
export function arrayItems(array: readonly unknown[], onHole: (index: number) => EndpointError): unknown[] {
  const items: unknown[] = [];
  let length = 0;
  let i = 0;
  try {
    length = array.length;
    for (; i < length && Object.hasOwn(array, i); i++) items.push(array[i]);
  } catch (error) {
    throw unreadable(error, __DEV__ ? "a list" : "");
  }
  if (i < length) throw onHole(i);
  return items;
}

/**
 * Sets an own data property. Assignment would consult `Object.prototype` for a name it has:
 * `__proto__` would set the prototype, and a frozen, read-only or accessor property there
 * (a hardened or polluted prototype) would throw or take the value. Such names are defined
 * (`defineOwn`); others are assigned, which is faster.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key in Object.prototype) defineOwn(target, key, value);
  else target[key] = value;
}

/**
 * Sets `key` as `setOwn` does when there is a value (`undefined` is "not given") and `target`
 * has none of its own.
 */
export function setUnset(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined && !Object.hasOwn(target, key)) setOwn(target, key, value);
}

/**
 * Whether `value` has own enumerable string keys, the ones JSON writes; `false` for a Proxy
 * whose `ownKeys` trap throws (it is then told by other means, or refused where it is read).
 */
export function hasOwnKeys(value: object): boolean {
  try {
    return Object.keys(value).length > 0;
  } catch {
    return false;
  }
}

/** How far a prototype chain is walked: a Proxy can report one that loops, or never ends. */
export const MAX_PROTOTYPE_CHAIN = 64;
