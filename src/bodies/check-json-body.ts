import { type EndpointErrorFields, withCause } from "../errors/endpoint-error.js";
import { hasOwnKeys, MAX_PROTOTYPE_CHAIN } from "../shared/object.js";
import { checkJsonPrimitive, notJson } from "./check-json-data.js";
import { BODY_CLASSES, hasBrand, rawBodyKind, type WebBodyKind, webClass } from "./raw-body-kind.js";

/**
 * Refuses a number JSON would write as `null`, a function or symbol it would drop, and an
 * object it would write as `null` or `{}` (see `jsonLoss`). A top-level body may be bytes.
 */
export function checkJsonLeaf(value: unknown, path: string, fault: EndpointErrorFields, nested = true): void {
  switch (typeof value) {
    case "object": {
      let loss: string | undefined;
      try {
        loss = value === null ? undefined : jsonLoss(value, nested);
      } catch (error) {
        // Only walking the prototype chain can throw: a revoked Proxy, or a getPrototypeOf trap of
        // the caller's that threw. Its error is the cause.
        throw withCause(
          notJson(
            path,
            fault,
            __DEV__ ? "is a Proxy that cannot be read (revoked, or its getPrototypeOf trap threw)" : "",
          ),
          error,
        );
      }
      if (loss !== undefined) {
        throw notJson(
          path,
          fault,
          __DEV__ ? `is ${loss}: pass plain data (strings, numbers, lists, objects)` : "",
        );
      }
      return;
    }
    default:
      checkJsonPrimitive(value, path, fault);
  }
}

const BUILT_INS: readonly (readonly [string, (this: object, ...args: never[]) => unknown, object])[] = [
  [__DEV__ ? "a Map, which JSON writes as {}" : "", Map.prototype.has, Map.prototype],
  [__DEV__ ? "a Set, which JSON writes as {}" : "", Set.prototype.has, Set.prototype],
  [__DEV__ ? "a WeakMap, which JSON writes as {}" : "", WeakMap.prototype.has, WeakMap.prototype],
  [__DEV__ ? "a WeakSet, which JSON writes as {}" : "", WeakSet.prototype.has, WeakSet.prototype],
];
const RAW_NAMES = {
  blob: "a Blob",
  formData: "a FormData",
  searchParams: "a URLSearchParams",
  stream: "a ReadableStream",
} as const;
const dateTime = Date.prototype.getTime;
const numberValue = Number.prototype.valueOf;
const bufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength")?.get;
const sharedLength =
  typeof SharedArrayBuffer === "undefined"
    ? undefined
    : Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, "byteLength")?.get;

/**
 * What JSON would silently lose of an object, told by its internal slots (never by user code):
 * an invalid Date or a boxed NaN becomes `null`; a Map, Set, WeakMap, WeakSet, boxed symbol or
 * DataView becomes `{}`, and so does a buffer, blob, form or stream inside a JSON body
 * (`nested`). The prototype chain answers first, without a check that throws (a thrown check
 * costs microseconds, and a body may hold many objects): a built-in on the chain (a Date, a Map
 * behind a Proxy, as state libraries hand them out, a subclass) is checked for that built-in
 * only, and an object of the caller's classes (any other prototype before `Object.prototype`)
 * is written as its own keys, without a check. A chain that does not end in `Object.prototype`
 * (a prototype replaced by none) gets every check.
 */
function jsonLoss(value: object, nested: boolean): string | undefined {
  const chain: unknown[] = [];
  let proto: unknown = Object.getPrototypeOf(value);
  for (let depth = 0; proto !== null && depth < MAX_PROTOTYPE_CHAIN; depth++) {
    const known = KNOWN_PROTOTYPES.get(proto);
    if (known !== undefined) return known(value, nested);
    if (proto === Object.prototype) {
      // Reached from the object itself: a plain object, or a built-in whose prototype was
      // replaced by Object.prototype (a blob has no own keys). Reached through other
      // prototypes: a blob, form or stream (a body of its own), or an instance of the
      // caller's class, written as its own keys, as any object.
      if (!nested) return undefined;
      if (depth > 0) return webClassLoss(chain);
      return hasOwnKeys(value) ? undefined : webBodyLoss(value);
    }
    chain.push(proto);
    proto = Object.getPrototypeOf(proto);
  }
  return withoutStacks(() => slotLoss(value, nested));
}

/** Every check by internal slots, for an object whose prototype chain says nothing. */
function slotLoss(value: object, nested: boolean): string | undefined {
  for (const [what, has] of BUILT_INS) if (succeeds(has, value)) return what;
  if (succeeds(dateTime, value)) return invalidDate(value);
  if (succeeds(numberValue, value)) return boxedNumber(value);
  if (succeeds(symbolValue, value)) return BOXED_SYMBOL;
  if (!nested) return undefined;
  if (sharedLength !== undefined && succeeds(sharedLength, value)) return SHARED_BUFFER;
  if (bufferLength !== undefined && succeeds(bufferLength, value)) return BUFFER;
  if (ArrayBuffer.isView(value)) return succeeds(typedArrayLength, value) ? undefined : DATA_VIEW;
  if (hasOwnKeys(value)) return undefined;
  // Node's blobs, forms and streams carry symbol keys of their own, its search forms private
  // fields: an object with no symbols is asked only whether it is a search form (each answer
  // is an error that Node makes with a full stack trace, about ten microseconds).
  if (hasOwnSymbols(value)) return webBodyLoss(value);
  return hasBrand(webClass("URLSearchParams"), "has", value) ? insideJson("searchParams") : undefined;
}

function hasOwnSymbols(value: object): boolean {
  try {
    return Object.getOwnPropertySymbols(value).length > 0;
  } catch {
    return false;
  }
}

/**
 * Runs checks that fail by throwing with the engine's stack traces off: a failed check then
 * costs a fraction of a microsecond, not several (a body may hold many such objects). Left on
 * where `Error.stackTraceLimit` cannot be written (a hardened realm).
 */
function withoutStacks<T>(run: () => T): T {
  const limit = Object.getOwnPropertyDescriptor(Error, "stackTraceLimit");
  if (limit === undefined || !("value" in limit) || limit.writable !== true) return run();
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    Error.stackTraceLimit = limit.value as number;
  }
}

/**
 * A blob, form or stream found by a prototype on its chain (a File, a subclass, or one behind a
 * Proxy). The globals are read only here, for an object of some class: reading Blob or FormData
 * makes Node load its fetch.
 */
function webClassLoss(chain: readonly unknown[]): string | undefined {
  for (const [kind, name] of BODY_CLASSES) {
    if (kind === "bytes") continue;
    const type = webClass(name);
    if (typeof type === "function" && chain.includes((type as { prototype: unknown }).prototype)) {
      return insideJson(kind);
    }
  }
  return undefined;
}

/** A blob, a form or a stream is a body of its own; inside JSON it would be {}. */
function webBodyLoss(value: object): string | undefined {
  const kind = rawBodyKind(value);
  return kind === undefined || kind === "bytes" ? undefined : insideJson(kind);
}

function insideJson(kind: WebBodyKind): string {
  return __DEV__ ? `${RAW_NAMES[kind]} inside a JSON body, which JSON writes as {}` : "";
}

const invalidDate = (value: object): string | undefined =>
  succeeds(dateTime, value) && Number.isNaN(dateTime.call(value))
    ? __DEV__
      ? "an invalid Date, which JSON writes as null"
      : ""
    : undefined;
const boxedNumber = (value: object): string | undefined =>
  !succeeds(numberValue, value)
    ? __DEV__
      ? "a Number behind a Proxy, which JSON writes as {}"
      : ""
    : Number.isFinite(numberValue.call(value))
      ? undefined
      : __DEV__
        ? "a boxed NaN or infinity, which JSON writes as null"
        : "";
const BOXED_SYMBOL = __DEV__ ? "a boxed symbol, which JSON writes as {}" : "";
const DATA_VIEW = __DEV__ ? "a DataView inside a JSON body, which JSON writes as {}" : "";
const BUFFER = __DEV__ ? "an ArrayBuffer inside a JSON body, which JSON writes as {}" : "";
const SHARED_BUFFER = __DEV__ ? "a SharedArrayBuffer inside a JSON body, which JSON writes as {}" : "";
const symbolValue = Symbol.prototype.valueOf;
const typedArrayLength = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype),
  "length",
)?.get as (this: object) => unknown;

type Loss = (value: object, nested: boolean) => string | undefined;
/**
 * The built-in prototypes that tell what an object is: the collections JSON writes as `{}`
 * (even behind a Proxy), a Date (lost when invalid), a boxed number or symbol, and bytes (a
 * whole body of bytes is sent as it is, see raw-body-kind.ts; inside JSON a buffer or a
 * DataView would be `{}`, and a typed array is written as its indices).
 */
const KNOWN_PROTOTYPES: ReadonlyMap<unknown, Loss> = new Map<unknown, Loss>([
  [Array.prototype, () => undefined],
  [Date.prototype, invalidDate],
  [Number.prototype, boxedNumber],
  [Symbol.prototype, () => BOXED_SYMBOL],
  // Bytes by their slots too: an object that only borrows the prototype is written as its keys.
  [
    ArrayBuffer.prototype,
    (value, nested) =>
      nested && bufferLength !== undefined && succeeds(bufferLength, value) ? BUFFER : undefined,
  ],
  [DataView.prototype, (value, nested) => (nested && ArrayBuffer.isView(value) ? DATA_VIEW : undefined)],
  [Object.getPrototypeOf(Uint8Array.prototype), () => undefined],
  ...(typeof SharedArrayBuffer === "undefined"
    ? []
    : [
        [
          SharedArrayBuffer.prototype,
          (value: object, nested: boolean) =>
            nested && sharedLength !== undefined && succeeds(sharedLength, value) ? SHARED_BUFFER : undefined,
        ] as const,
      ]),
  ...BUILT_INS.map(([what, , prototype]) => [prototype, () => what] as const),
  // Their state is in internal slots and non-enumerable fields (a message, a pattern).
  [RegExp.prototype, () => (__DEV__ ? "a RegExp, which JSON writes as {}" : "")],
  [Error.prototype, () => (__DEV__ ? "an Error, whose message and name JSON does not write" : "")],
  // A promise in a body is a missing `await`.
  [Promise.prototype, () => (__DEV__ ? "a Promise (a missing await?), which JSON writes as {}" : "")],
  ...(typeof WeakRef === "undefined"
    ? []
    : [[WeakRef.prototype, () => (__DEV__ ? "a WeakRef, which JSON writes as {}" : "")] as const]),
]);

function succeeds(method: (this: object, ...args: never[]) => unknown, value: object): boolean {
  try {
    (method as (this: object) => unknown).call(value);
    return true;
  } catch {
    return false;
  }
}
