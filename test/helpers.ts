import { execFileSync } from "node:child_process";
import { expect } from "vitest";
import { FETCH_DEFAULTS } from "../src/adapters/index.js";
import { EndpointError, type EndpointErrorCode } from "../src/index.js";

/**
 * The message of an `EndpointError` in the production build, where `__DEV__` is false: the
 * code, the template index if any, and the section of docs/errors.md on the code.
 */
export function productionMessage(code: EndpointErrorCode, index?: number, subject = ""): string {
  const named = subject === "" ? "" : ` ${JSON.stringify(subject)}`;
  return `${code}${named}${index === undefined ? "" : ` at index ${index}`} (see rest-endpoint/docs/errors.md#${code})`;
}

/**
 * Checks the message of `error` against `message` when the messages are full (`__DEV__`); the
 * production run skips it (test/errors.test.ts checks the short production messages).
 */
export function expectMessage(error: EndpointError, message?: RegExp | string): void {
  if (__DEV__ && message !== undefined) expect(error.message).toMatch(message);
}

/**
 * Runs `fn`, expects an `EndpointError` with `code`, and returns it for further checks. The
 * message is checked against `message` in the development run only.
 */
export function expectEndpointError(
  fn: () => unknown,
  code: EndpointErrorCode,
  message?: RegExp | string,
): EndpointError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected an EndpointError to be thrown").toBeInstanceOf(EndpointError);
  const error = caught as EndpointError;
  expect(error.name).toBe("EndpointError");
  expect(error.code).toBe(code);
  expectMessage(error, message);
  return error;
}

export const DEFAULT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  accept: "application/vnd.github.v3+json",
  "user-agent": "rest-endpoint/1.0.0",
});

/**
 * The bytes the library's caches keep after `calls` ran in a fresh process with a collectable
 * heap: the heap's growth after a full collection, every result dropped. `calls` is code that
 * may use `endpoint` and `parseTemplate` from the build under test (dist/ in the development
 * run, dist/production/ in the production run).
 */
export function retainedBytes(calls: string): number {
  const dist = new URL(__DEV__ ? "../dist/" : "../dist/production/", import.meta.url);
  const script = `
    const { endpoint } = await import(${JSON.stringify(new URL("index.js", dist).href)});
    const { parseTemplate } = await import(${JSON.stringify(new URL("uri-template.js", dist).href)});
    gc(); const before = process.memoryUsage().heapUsed;
    ${calls}
    gc(); gc();
    console.log(process.memoryUsage().heapUsed - before);`;
  return Number(
    execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
      encoding: "utf8",
    }),
  );
}

/**
 * The init `toFetchArgs` returns: every fetch field at its default, then these fields, and the
 * headers, on objects without a prototype.
 */
export function fetchInit(fields: Record<string, unknown>): Record<string, unknown> {
  const init = Object.assign(Object.create(null) as Record<string, unknown>, FETCH_DEFAULTS, fields);
  init.headers = Object.assign(Object.create(null) as Record<string, unknown>, fields.headers);
  return init;
}

/** The bytes a buffer or view holds, as a list of numbers. */
export function bytesOf(body: unknown): number[] {
  const view = body as ArrayBufferView;
  return ArrayBuffer.isView(body)
    ? [...new Uint8Array(view.buffer, view.byteOffset, view.byteLength)]
    : [...new Uint8Array(body as ArrayBuffer)];
}

/** What `run` throws, or `undefined` when it returns. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Starts `server` on a free loopback port; resolves to its origin (`http://127.0.0.1:PORT`). */
export async function listenOnLoopback(server: import("node:http").Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}`;
}
