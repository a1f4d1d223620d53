// What the promise suites share: the builder without its compile-time checks (they pass what
// the types refuse), a check that nothing but an EndpointError escapes, and pollution of
// built-in prototypes undone after each test.
import { expect } from "vitest";
import {
  EndpointError,
  type MergedOptions,
  type RequestOptions,
  endpoint as typedEndpoint,
} from "../../src/index.js";

/** The builder's call signatures and members, each taking anything. */
export interface Loose {
  (route: unknown, options?: unknown): RequestOptions;
  defaults(route: unknown, options?: unknown): Loose;
  merge(route: unknown, options?: unknown): MergedOptions;
  parse(options: unknown): RequestOptions;
  readonly DEFAULTS: MergedOptions;
}
export const endpoint: Loose = typedEndpoint as unknown as Loose;

/** Request options for a POST of `body`, as an adapter may be handed them. */
export function post(body: unknown): RequestOptions {
  return { method: "post", url: "https://h.example/x", headers: {}, body };
}

/** Runs `run`, returning its result or the code of the EndpointError it threw; anything else fails the test. */
export function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(EndpointError);
    return { error: (error as EndpointError).code };
  }
}

/** Every call either returns or throws an EndpointError: nothing else escapes. */
export function onlyEndpointError(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(EndpointError);
  }
}

const undo: (() => void)[] = [];

/** Defines `key` on `target` until `undoPollution` runs (after each test). */
export function pollute(target: object, key: PropertyKey, descriptor: PropertyDescriptor): void {
  const had = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, ...descriptor });
  undo.push(() => {
    if (had === undefined) delete (target as Record<PropertyKey, unknown>)[key];
    else Object.defineProperty(target, key, had);
  });
}

/** Puts a writable, non-enumerable `value` at `key` on `target` until `undoPollution` runs. */
export function polluteValue(target: object, key: PropertyKey, value: unknown): void {
  pollute(target, key, { value, writable: true, enumerable: false });
}

/** Undoes every pollution of the test, the last first: run after each test. */
export function undoPollution(): void {
  for (const step of undo.splice(0).reverse()) step();
}
