import { isPlainObject } from "../shared/object.js";

/** A body sent as it is, not as JSON, by what it is. */
export type RawBodyKind = "bytes" | "blob" | "formData" | "searchParams" | "stream";

/**
 * What a body is when a client sends it as it is: bytes (an ArrayBuffer, a SharedArrayBuffer or
 * a view on one), a Blob or File, a FormData, a URLSearchParams or a ReadableStream; `undefined`
 * for everything else, which is written as JSON. Told by the runtime's own brand checks (a
 * built-in getter or method that throws for any other object), not by `instanceof`: an object
 * of another realm is what it is, and `Object.create(Blob.prototype)` is no Blob.
 */
export function rawBodyKind(body: unknown): RawBodyKind | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  if (ArrayBuffer.isView(body)) return "bytes";
  if (isPlainData(body)) return undefined;
  // Looked up on each use, not at import (as webClass does): reading Blob or FormData makes
  // Node load its fetch, and a polyfill may have put another class there since.
  for (const [kind, name, member] of BODY_CLASSES) {
    if (hasBrand((globalThis as Record<string, unknown>)[name], member, body)) return kind;
  }
  return undefined;
}

/**
 * The classes whose objects are bodies of their own, in the order they are asked: each kind's
 * global and the member whose brand check tells its objects. A kind's first row names its class.
 */
export const BODY_CLASSES: readonly (readonly [kind: RawBodyKind, name: string, member: string])[] = [
  ["bytes", "ArrayBuffer", "byteLength"],
  ["bytes", "SharedArrayBuffer", "byteLength"],
  ["blob", "Blob", "size"],
  ["searchParams", "URLSearchParams", "has"],
  ["stream", "ReadableStream", "locked"],
  // Last: reading Node's FormData loads its fetch (tens of milliseconds), which a body of
  // search parameters or a stream need not wait for.
  ["formData", "FormData", "has"],
];

/**
 * A list, or a plain object that is JSON data, told without a check that throws (each costs
 * microseconds, and asking whether it is a Blob or a form would make Node load its fetch).
 * Bytes, a blob or a stream have no own keys, and may have had their prototype replaced by
 * none: such an object is not told here. A Proxy whose traps throw is no body of its own either.
 */
function isPlainData(body: object): boolean {
  try {
    return (
      Array.isArray(body) ||
      (isPlainObject(body) && (Object.getPrototypeOf(body) !== null || Object.keys(body).length > 0))
    );
  } catch {
    return true;
  }
}

/** A body that is an object of a web class. */
export type WebBodyKind = Exclude<RawBodyKind, "bytes">;

/** The global class of that name now (a polyfill may have put another there since the import). */
export function webClass(name: string): unknown {
  return (globalThis as Record<string, unknown>)[name];
}

/** Whether `type.prototype[member]` (a getter, or a method called with "") accepts `value`. */
export function hasBrand(type: unknown, member: string, value: object): boolean {
  if (typeof type !== "function") return false;
  try {
    // No member, or one that is no function, throws too.
    const found = Object.getOwnPropertyDescriptor(type.prototype as object, member);
    Reflect.apply((found?.get ?? found?.value) as () => unknown, value, [""]);
    return true;
  } catch {
    return false;
  }
}
