/**
 * Defines `key` on `target` as an own data property (writable, enumerable, configurable), as
 * assignment would make it, without consulting any prototype: assignment would follow a
 * `__proto__` name, and a frozen, read-only or accessor property of that name on a polluted or
 * hardened `Object.prototype` would throw or take the value. The descriptor has no prototype
 * either: a polluted `Object.prototype.get` must not turn it into an accessor.
 */
export function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    __proto__: null,
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  } as PropertyDescriptor);
}
