import { hasOwnKeys, isArray, isPlainObject } from "../shared/object.js";

/** A body sent as it is, not as JSON, by what it is. */
export type RawBodyKind = "bytes" | "blob" | "form" | "params" | "stream";

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
  // Plain data next, without a check that throws (each costs microseconds, and asking whether
  // it is a Blob or a form would make Node load its fetch). Bytes, a blob or a stream have no
  // own keys, and may have had their prototype replaced by none: such an object is asked.
  if (isArray(body)) return undefined;
  if (isPlainObject(body) && (!hasNoPrototype(body) || hasOwnKeys(body))) return undefined;
  if (
    hasBrand(ArrayBuffer, "byteLength", body) ||
    hasBrand(globalThis.SharedArrayBuffer, "byteLength", body)
  ) {
    return "bytes";
  }
  // Looked up on each use, not at import: reading Blob or FormData makes Node load its fetch.
  for (const kind of WEB_BODY_KINDS) {
    const [name, member] = WEB_BODIES[kind];
    if (hasBrand(webClass(name), member, body)) return kind;
  }
  return undefined;
}

/** A body that is an object of a web class. */
export type WebBodyKind = Exclude<RawBodyKind, "bytes">;

/** The web classes whose objects are bodies of their own: each kind's global and brand member. */
export const WEB_BODIES: Readonly<Record<WebBodyKind, readonly [name: string, member: string]>> = {
  blob: ["Blob", "size"],
  form: ["FormData", "has"],
  params: ["URLSearchParams", "has"],
  stream: ["ReadableStream", "locked"],
};
export const WEB_BODY_KINDS: readonly WebBodyKind[] = ["blob", "form", "params", "stream"];

/** The global class of that name now (a polyfill may have put another there since the import). */
export function webClass(name: string): unknown {
  return (globalThis as Record<string, unknown>)[name];
}

/** Its prototype is none (asked again: a Proxy's trap may now throw, which reads as "has one"). */
function hasNoPrototype(value: object): boolean {
  try {
    return Object.getPrototypeOf(value) === null;
  } catch {
    return false;
  }
}

/** Whether `type.prototype[member]` (a getter, or a method called with "") accepts `value`. */
export function hasBrand(type: unknown, member: string, value: object): boolean {
  if (typeof type !== "function") return false;
  const found = Object.getOwnPropertyDescriptor(type.prototype as object, member);
  const check: unknown = found?.get ?? found?.value;
  if (typeof check !== "function") return false;
  try {
    check.call(value, "");
    return true;
  } catch {
    return false;
  }
}
