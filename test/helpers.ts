import { expect } from "vitest";
import { EndpointError, type EndpointErrorCode } from "../src/index.js";

/**
 * The message of an `EndpointError` in the production build, where `__DEV__` is false: the
 * code, the template index if any, and the section of docs/errors.md on the code.
 */
export function productionMessage(code: EndpointErrorCode, index?: number): string {
  return `${code}${index === undefined ? "" : ` at index ${index}`} (see rest-endpoint/docs/errors.md#${code})`;
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
