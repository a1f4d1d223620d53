// A body as a client sends it: text and bytes as they are, blobs, forms and streams by their
// kind, anything else as JSON that says exactly what the caller meant.
import { EndpointError, type EndpointErrorFields, isInstance, withCause } from "../errors/endpoint-error.js";
import { isArray, isPlainObject, MAX_PROTOTYPE_CHAIN } from "../shared/object.js";
import { bodyBytes } from "./body-bytes.js";
import { checkJsonLeaf } from "./check-json-body.js";
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, notJson, undefinedItem } from "./check-json-data.js";
import { checkText } from "./check-text.js";
import { BODY_CLASSES, type RawBodyKind, rawBodyKind, webClass } from "./raw-body-kind.js";

/** A body as clients send it: text, bytes, a blob, a form, search parameters or a stream. */
export type SentBody =
  | string
  | ArrayBuffer
  | ArrayBufferView<ArrayBuffer>
  | Blob
  | FormData
  | URLSearchParams
  | ReadableStream;

/**
 * The content-type fetch gives a body that has none among `names`: a form of URLSearchParams
 * is labelled so. The other adapters write the same, so every client sends the same request.
 */
export function impliedContentType(body: unknown, names: ReadonlySet<string>): string | undefined {
  if (names.has("content-type")) return undefined;
  return rawBodyKind(body) === "searchParams" ? FORM_CONTENT_TYPE : undefined;
}

/** The content-type fetch gives a body of search parameters. */
export const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded;charset=UTF-8";

// JSON.stringify calls a toJSON it finds on a value's prototype: one that other code put on a
// built-in prototype would rewrite every body. The built-ins' own toJSON methods (Date's,
// URL's, ...) are recorded when this module loads, before other code can replace them.
/** What holds a body the adapters write: the request options' `body`. */
const BODY: EndpointErrorFields = { option: "body" };

const isNative = (value: unknown): boolean =>
  typeof value === "function" && /\[native code\]\s*\}$/.test(Function.prototype.toString.call(value));
const ownToJson = (prototype: object): unknown => Object.getOwnPropertyDescriptor(prototype, "toJSON")?.value;

/** Web classes, which some runtimes write in JavaScript (not native) and define lazily. */
const WEB_CLASSES = [
  "Headers",
  "Request",
  "Response",
  "FormData",
  "Blob",
  "File",
  "URL",
  "URLSearchParams",
  "AbortController",
  "AbortSignal",
  "TextEncoder",
  "TextDecoder",
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "Event",
  "EventTarget",
  "DOMException",
  "WebSocket",
  "MessageChannel",
  "MessagePort",
  "BroadcastChannel",
  "Performance",
];

/**
 * Each built-in prototype, with the toJSON it had (or `undefined`), recorded when this module
 * loads. Marked pure, so a bundle that uses no adapter drops it, and does not run it.
 */
const BUILT_INS: Map<object, unknown> = /* @__PURE__ */ recordBuiltIns();

function recordBuiltIns(): Map<object, unknown> {
  const found = new Map<object, unknown>();
  // The runtime's own classes among the globals that are plain values (reading them runs no
  // code), in Intl, and the iterator and generator prototypes. A class of the caller's is no
  // native function, so its own toJSON stays its own.
  for (const holder of [globalThis, typeof Intl === "object" ? Intl : {}]) {
    for (const name of Object.getOwnPropertyNames(holder)) {
      const value: unknown = Object.getOwnPropertyDescriptor(holder, name)?.value;
      if (isNative(value)) record(found, (value as { prototype?: unknown }).prototype);
    }
  }
  const arrayIterator = Object.getPrototypeOf([][Symbol.iterator]()) as object;
  const generator = Object.getPrototypeOf(function* () {}) as { prototype: object };
  for (const prototype of [
    arrayIterator,
    Object.getPrototypeOf(arrayIterator),
    Object.getPrototypeOf(new Map().entries()),
    Object.getPrototypeOf(new Set().values()),
    Object.getPrototypeOf(""[Symbol.iterator]()),
    generator,
    generator.prototype,
    Object.getPrototypeOf(Uint8Array.prototype),
  ]) {
    record(found, prototype);
  }
  recordWebClasses(found);
  return found;
}

function record(into: Map<object, unknown>, prototype: unknown): void {
  // Function.prototype is itself a function.
  if (
    (typeof prototype === "object" || typeof prototype === "function") &&
    prototype !== null &&
    !into.has(prototype)
  ) {
    into.set(prototype, ownToJson(prototype));
  }
}

/**
 * Records the web classes not seen yet that are plain values now (a polyfill may have put
 * another class there since). One behind a getter is not read: that would load it (Node's
 * fetch, 15 ms), and until it is loaded no body holds one of its objects.
 */
function recordWebClasses(into: Map<object, unknown>): void {
  for (const name of WEB_CLASSES) {
    const type = Object.getOwnPropertyDescriptor(globalThis, name)?.value;
    if (typeof type === "function") record(into, (type as { prototype?: unknown }).prototype);
  }
}

/** The prototypes of the values JSON writes most, looked at on every body. */
const COMMON: readonly object[] = [
  Object.prototype,
  Array.prototype,
  Number.prototype,
  String.prototype,
  Boolean.prototype,
  BigInt.prototype,
  Symbol.prototype,
  Date.prototype,
  Function.prototype,
];

/** True when the toJSON of one of the `COMMON` prototypes is not the one it had at load. */
function commonToJsonReplaced(): boolean {
  for (const prototype of COMMON) {
    const original = BUILT_INS.get(prototype);
    if (Object.hasOwn(prototype, "toJSON") ? ownToJson(prototype) !== original : original !== undefined) {
      return true;
    }
  }
  return false;
}

/** True when a built-in prototype's toJSON is not the one it had when this module loaded. */
function builtInToJsonReplaced(): boolean {
  recordWebClasses(BUILT_INS);
  for (const [prototype, original] of BUILT_INS) {
    // One lookup for most: only the few with a toJSON of their own are read.
    if (Object.hasOwn(prototype, "toJSON") ? ownToJson(prototype) !== original : original !== undefined) {
      return true;
    }
  }
  return false;
}

/**
 * A body as bytes or text that a client sends unchanged; everything else becomes JSON text.
 * JSON must say what the caller meant: NaN and infinities (which `JSON.stringify` writes as
 * `null`), functions and symbols (which it drops), holes, cycles and nesting too deep to write
 * are `invalid_parameter`, naming where they are. BigInts are written as decimal strings.
 */
export function serializeBody(body: unknown): SentBody {
  return writingBody(() => serializeKind(body)).body;
}

/**
 * An `EndpointError` as this library makes them, with its own `code`: one that only borrows
 * the prototype (thrown by a caller's `toJSON`) has no code, and is reported as a cause.
 */
function isEndpointError(error: unknown): error is EndpointError {
  try {
    return isInstance(error, EndpointError) && Object.hasOwn(error as object, "code");
  } catch {
    // A Proxy posing as one, whose traps throw: the thrown value is reported as the cause.
    return false;
  }
}

/**
 * Runs `write` over a body: whatever it throws that is not an `EndpointError` (a revoked
 * Proxy, a detached buffer, a string too long for the engine) becomes `invalid_parameter`
 * with the thrown value as its `cause`.
 */
export function writingBody<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (isEndpointError(error)) throw error;
    throw withCause(
      notJson(
        "body",
        BODY,
        __DEV__ ? "cannot be written (its value cannot be read, or it is too large): pass plain data" : "",
      ),
      error,
    );
  }
}

/** The body as a client sends it, and what it is (`undefined` for text and JSON): told once. */
export function serializeKind(body: unknown): {
  body: SentBody;
  kind: RawBodyKind | undefined;
} {
  if (typeof body === "string") {
    // fetch and curl would send U+FFFD for a lone surrogate: a changed body, refused instead.
    checkText(body, "data", BODY);
    return { body, kind: undefined };
  }
  const kind = rawBodyKind(body);
  if (kind === undefined) return { body: toJson(body), kind };
  if (kind === "bytes") return { body: sendableBytes(body as object), kind };
  // fetch tells these apart by instanceof, and sends any other object as its toString().
  const [, name] = BODY_CLASSES.find((row) => row[0] === kind) as (typeof BODY_CLASSES)[number];
  const type = webClass(name) as abstract new () => unknown;
  if (!isInstance(body, type)) {
    throw notJson(
      "body",
      BODY,
      __DEV__
        ? `is a ${name} whose prototype was replaced, which fetch would send as the text of its toString(): pass the ${name} as it was made`
        : "",
    );
  }
  return { body: body as Blob | FormData | URLSearchParams | ReadableStream, kind };
}

/**
 * Bytes as fetch takes them: a fresh view read through the built-in getters, over the same
 * memory. fetch reads `buffer` and `byteLength` by plain lookups, so the caller's own view (with
 * its prototype replaced, or an own `byteLength`) could make it send other bytes than the other
 * adapters. A detached buffer has none: reading it throws (an `invalid_parameter` from
 * `writingBody`). A shared or resizable buffer is copied into a plain one, which fetch and every
 * client accept.
 */
function sendableBytes(body: object): Uint8Array<ArrayBuffer> {
  const bytes = bodyBytes(body);
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && resizable?.call(buffer) !== true)
    return bytes as Uint8Array<ArrayBuffer>;
  return bytes.slice();
}

const resizable = /* @__PURE__ */ Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "resizable")?.get as
  | ((this: ArrayBuffer) => boolean)
  | undefined;

/**
 * `JSON.stringify` with a replacer that sees every value after `toJSON`, so its checks cover
 * class instances and `toJSON` results too, and the text is exactly what JSON writes. The
 * replacer is called depth first: the objects still open are a stack, and the holder of each
 * call is on it, so a cycle is a value already open.
 */
function toJson(body: unknown): string {
  if (commonToJsonReplaced()) throw pollutedToJson();
  let count = 0;
  const open: object[] = [];
  const paths: string[] = [];
  const onStack = new Set<object>();
  // Objects whose checks passed: JSON writes a shared one at every place, it is checked once.
  const checked = new Set<object>();
  let started = false;
  // Whether every built-in prototype was looked at: only once a toJSON changed a value, which
  // is rare (a Date), as that look costs several times the rest of a small body; the common
  // ones (plain objects, lists, numbers, text...) are looked at for every body, above.
  let prototypesChecked = false;
  let text: string | undefined;
  try {
    text = JSON.stringify(body, function (this: unknown, key: string, value: unknown): unknown {
      if (++count > MAX_JSON_VALUES) {
        throw notJson(
          "body",
          BODY,
          __DEV__
            ? `writes more than ${MAX_JSON_VALUES} values as JSON (shared parts are written once per path): send less`
            : "",
        );
      }
      // The value as it stands in its holder, before any toJSON ran (no getter runs).
      const own = Object.getOwnPropertyDescriptor(this, key);
      // A toJSON that gave another value may be one other code put on a built-in prototype
      // (polluted), which would rewrite the body: then every built-in is looked at, once.
      if (!prototypesChecked && (own === undefined || !("value" in own) || !Object.is(own.value, value))) {
        prototypesChecked = true;
        if (builtInToJsonReplaced()) throw pollutedToJson();
      }
      if (started) {
        while (open.length > 0 && open[open.length - 1] !== this) {
          onStack.delete(open.pop() as object);
          paths.pop();
        }
      }
      // Text, booleans and finite numbers are written as they are: most of a body.
      const type = typeof value;
      if (
        started &&
        (type === "string" || type === "boolean" || (type === "number" && Number.isFinite(value)))
      ) {
        return value;
      }
      let path = "body";
      // Paths name a value in messages only: production builds do not make them.
      if (__DEV__ && started) {
        const parent = paths[paths.length - 1] ?? "body";
        path = isArray(this) ? `${parent}[${key}]` : `${parent}.${key}`;
      }
      if (started && value === undefined && isArray(this)) throw undefinedItem(path, BODY);
      // The whole body is not inside JSON: an object that only borrows a blob's prototype is
      // written as its keys there, and a real blob never comes here (it is sent as it is).
      const nested = started;
      started = true;
      // toJSON has run: an invalid Date arrives as null, so its own value (no getter runs) tells.
      if (value === null) {
        const raw: unknown = own?.value;
        if (typeof raw === "object" && raw !== null) checkJsonLeaf(raw, path, BODY);
      }
      return checkJsonValue(value, path, nested, open, paths, onStack, checked);
    });
  } catch (error) {
    if (isEndpointError(error)) throw error;
    // A toJSON of the body's own that throws (even a built-in one, as Date's on an object that
    // only has Date.prototype), or a text longer than a string can be (a RangeError), is still
    // reported as an EndpointError, with the error as cause.
    throw withCause(
      notJson(
        "body",
        BODY,
        __DEV__
          ? error instanceof RangeError
            ? "is too large to write as one JSON text: send less, or send it in parts"
            : "cannot be written as JSON (a toJSON method threw), which JSON cannot carry: pass plain data"
          : "",
      ),
      error,
    );
  }
  if (text === undefined) {
    throw notJson(
      "body",
      BODY,
      __DEV__ ? "is undefined, which JSON cannot carry: give a body or leave it out" : "",
    );
  }
  return text;
}

function pollutedToJson(): EndpointError {
  return notJson(
    "body",
    BODY,
    __DEV__ ? "cannot be written: a built-in prototype has a toJSON (polluted), which would rewrite it" : "",
  );
}

function checkJsonValue(
  value: unknown,
  path: string,
  nested: boolean,
  open: object[],
  paths: string[],
  onStack: Set<object>,
  checked: Set<object>,
): unknown {
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "object":
      break;
    default:
      checkJsonLeaf(value, path, BODY);
      return value;
  }
  if (value === null) return value;
  // Lists and plain objects are what JSON writes as they are: only other objects are looked at
  // closely (which costs a few caught exceptions each), once each.
  if (checked.has(value)) {
    // passed before
  } else if (!isArray(value) && !isPlainObject(value)) {
    const boxed = unbox(value);
    if (typeof boxed === "bigint") return boxed.toString();
    if (typeof boxed === "number") {
      checkJsonLeaf(boxed, path, BODY);
      return value;
    }
    checkJsonLeaf(value, path, BODY, nested);
  } else if (!isArray(value) && Object.keys(value).length === 0) {
    // A Map, blob or stream with no prototype looks plain: JSON would write it as {}.
    checkJsonLeaf(value, path, BODY, nested);
  }
  checked.add(value);
  if (onStack.has(value)) {
    throw notJson(
      path,
      BODY,
      __DEV__
        ? "refers back to an object that contains it (a cycle), which JSON cannot carry: pass a tree"
        : "",
    );
  }
  if (open.length >= MAX_JSON_DEPTH) {
    throw notJson(
      path,
      BODY,
      __DEV__ ? `is nested deeper than ${MAX_JSON_DEPTH} levels, which JSON cannot carry: flatten it` : "",
    );
  }
  if (isArray(value)) {
    // Stops at the first hole: a sparse list of length 2^32-1 fails at once, not slot by slot.
    const length = value.length;
    for (let i = 0; i < length; i++) {
      if (!Object.hasOwn(value, i)) {
        throw notJson(
          __DEV__ ? `${path}[${i}]` : "",
          BODY,
          __DEV__ ? "is a hole in a list, which JSON cannot carry: pass a list without holes" : "",
        );
      }
    }
  }
  open.push(value);
  paths.push(path);
  onStack.add(value);
  return value;
}

/** The primitive inside a boxed number or bigint, read from its internal slot (no user code). */
function unbox(value: object): unknown {
  // Most objects say by their prototype chain that they are neither, without a check that
  // throws (each costs microseconds, and a body may hold many objects).
  let proto: unknown = Object.getPrototypeOf(value);
  for (let depth = 0; proto !== null && depth < MAX_PROTOTYPE_CHAIN; depth++) {
    if (proto === Object.prototype) return undefined;
    if (proto === Number.prototype || proto === BigInt.prototype) break;
    proto = Object.getPrototypeOf(proto);
  }
  try {
    return Number.prototype.valueOf.call(value);
  } catch {
    // not a Number object
  }
  try {
    return BigInt.prototype.valueOf.call(value);
  } catch {
    // not a BigInt object either
  }
  return undefined;
}
