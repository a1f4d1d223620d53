import { hasBrand } from "./raw-body-kind.js";

/**
 * The bytes of a body of kind "bytes", read through the built-in getters: a view whose
 * prototype was replaced, or that another realm made, has the same bytes. Throws a TypeError
 * (for the caller to report) on a detached buffer.
 */
export function bodyBytes(body: object): Uint8Array {
  if (!ArrayBuffer.isView(body)) return new Uint8Array(body as ArrayBuffer);
  const getters = hasBrand(TYPED_ARRAY, "buffer", body) ? TYPED_ARRAY : DataView;
  const read = (name: string): unknown =>
    Reflect.apply(Object.getOwnPropertyDescriptor(getters.prototype, name)?.get as () => unknown, body, []);
  return new Uint8Array(
    read("buffer") as ArrayBuffer,
    read("byteOffset") as number,
    read("byteLength") as number,
  );
}

/** %TypedArray%, the class every typed array's class extends: it holds their getters. */
const TYPED_ARRAY = /* @__PURE__ */ Object.getPrototypeOf(Uint8Array) as { prototype: object };
