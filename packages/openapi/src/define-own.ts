/** Sets `name` as an own property, never through a `__proto__` setter. */
export function defineOwn(object: object, name: string, value: unknown): void {
  Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true });
}
