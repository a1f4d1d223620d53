// Small object helpers shared by merge, parse and the template engine. None of them follows
// `__proto__`: keys are written as own data properties, so input can never reach a prototype.
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
 * A new empty record with no prototype, so no lookup can reach `Object.prototype`. V8 keeps it
 * as a hash table from the start: one shape for every call, where a `{ __proto__: null }`
 * literal grows a shape per set of keys and makes reads across many routes megamorphic.
 */
export function nullRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
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
