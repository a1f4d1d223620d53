// Reading a caller's object, each value once and own properties only: what its getters or Proxy
// traps throw becomes `invalid_options`, with the thrown value as the `cause` (SECURITY.md, the
// caller's own objects). Here beside the error class rather than in shared/, which makes no error.

import { nullRecord } from "../shared/object.js";
import { type EndpointError, invalidOptions, withCause } from "./endpoint-error.js";

/**
 * What was thrown while reading a caller's object: a getter or trap of theirs, or the engine
 * refusing a Proxy that breaks the language's rules (or a chain of proxies too deep to walk).
 * It becomes `invalid_options` with the thrown value as its `cause`, whatever it was (an
 * `EndpointError` of the caller's too: it did not come from this read). `what` names the
 * object in the message; production builds pass "" (see src/errors/endpoint-error.ts).
 */
export function unreadable(error: unknown, what: string): EndpointError {
  return withCause(invalidOptions(__DEV__ ? `${what} cannot be read: pass plain data.` : ""), error);
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
