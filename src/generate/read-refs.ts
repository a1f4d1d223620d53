import { defineOwn } from "../shared/define-own.js";
import { localRefs } from "./local-refs.js";
import type { Resolve, Schema } from "./schema-type.js";

/**
 * The generator's reader of local `$ref`s (`localRefs`): a `$ref` that leads nowhere refuses
 * the description, and what is not an object reads as an empty schema.
 */
export function resolver(spec: Schema): Resolve {
  const follow = localRefs(spec);
  return (node) => {
    const found = follow(node);
    return isObject(found) ? found : {};
  };
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
