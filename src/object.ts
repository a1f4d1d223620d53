// Small object helpers shared by merge, parse and the template engine. None of them follows
// `__proto__`: keys are written as own data properties, so input can never reach a prototype.

/**
 * A plain object: made by a literal, `Object.create(null)` or `JSON.parse`, in this realm or
 * another. Class instances, arrays, dates and the like are not plain.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null
    ? !Array.isArray(value)
    : false;
}

/** Sets an own data property, also for the key `__proto__`, which plain assignment would follow. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** Reads an own property only: `constructor` or `toString` must not come from a prototype. */
export function getOwn(source: object, key: string): unknown {
  return Object.hasOwn(source, key) ? (source as Record<string, unknown>)[key] : undefined;
}

/** Names that every object inherits; reading them needs an own-property check. */
export function isInheritedName(name: string): boolean {
  return name in Object.prototype;
}
