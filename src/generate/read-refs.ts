import { defineOwn } from "../shared/define-own.js";
import type { Resolve, Schema } from "./schema-type.js";

/**
 * Local `$ref`s (`#/components/...`, `#/paths/~1a/get/parameters/0`), followed through chains
 * and through arrays; a `$ref` to another file is refused (bundle the description first).
 */
export function resolver(spec: Schema): Resolve {
  // Each pointer read once: many `$ref`s to one long pointer would read it again each time
  // (time in the product of their count and its length).
  const targets = new Map<string, { value: unknown } | string>();
  return (node) => {
    let current = node;
    for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops++) {
      const ref = current.$ref;
      if (hops > 50)
        throw new Error(
          `$ref ${JSON.stringify(ref.slice(0, 200))} goes round in a circle, or through more than 50 $refs.`,
        );
      if (!ref.startsWith("#/") && ref !== "#") {
        throw new Error(
          `$ref ${JSON.stringify(ref.length > 200 ? `${ref.slice(0, 200)}...` : ref)} points outside the description: bundle it into one file first.`,
        );
      }
      let target = targets.get(ref);
      if (target === undefined) {
        target = pointerTarget(spec, ref);
        targets.set(ref, target);
      }
      if (typeof target === "string") {
        throw new Error(
          `$ref ${JSON.stringify(ref.length > 200 ? `${ref.slice(0, 200)}...` : ref)} names nothing in the description: it holds no ${JSON.stringify(target.length > 80 ? `${target.slice(0, 80)}...` : target)} of its own there (a $ref follows own properties only, never an inherited name such as __proto__ or constructor).`,
        );
      }
      current = target.value;
    }
    return isObject(current) ? current : {};
  };
}

/**
 * What a JSON Pointer in a fragment (`#/a/0/b~1c`) names, through objects and arrays, or the
 * first name that is not an own property (a list's index, an object's own key) where it is
 * looked up: an inherited one (`constructor`, `__proto__`, a list's `length`) names nothing.
 */
function pointerTarget(spec: Schema, ref: string): { value: unknown } | string {
  if (ref === "#") return { value: spec };
  let node: unknown = spec;
  for (const name of ref
    .slice(2)
    .split("/")
    .map((segment) => decodePointer(segment, ref))) {
    if (
      Array.isArray(node)
        ? /^(?:0|[1-9][0-9]*)$/.test(name) && Number(name) < node.length
        : isObject(node) && Object.hasOwn(node, name)
    ) {
      node = (node as Record<string, unknown>)[name];
    } else {
      return name;
    }
  }
  return node === undefined ? "" : { value: node };
}

/** One `$ref` segment: percent-decoded, then `~1` and `~0` as JSON Pointer says. */
function decodePointer(segment: string, ref: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new Error(`$ref ${JSON.stringify(ref.slice(0, 200))} holds a malformed percent-escape.`);
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * The description as data of its own: objects without a prototype, holding only own enumerable
 * properties, so that nothing on `Object.prototype` (an `allowReserved`, a `servers`) is read as
 * part of it. Iterative, so a deep description cannot overflow the stack; shared objects (YAML
 * aliases) stay shared.
 */
export function ownData(root: unknown): unknown {
  const copies = new Map<object, unknown>();
  const pending: object[] = [];
  const copy = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    let made = copies.get(value);
    if (made === undefined) {
      made = Array.isArray(value) ? new Array(value.length) : Object.create(null);
      copies.set(value, made);
      pending.push(value);
    }
    return made;
  };
  const result = copy(root);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const target = copies.get(next) as Record<string, unknown>;
    for (const key of Object.keys(next)) {
      defineOwn(target, key, copy((next as Record<string, unknown>)[key]));
    }
  }
  return result;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, what: string): Record<string, unknown> {
  if (!isObject(value)) throw new Error(`${what} must be an object.`);
  return value;
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
