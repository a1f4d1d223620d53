import { expect } from "vitest";
import { EndpointError, type EndpointErrorCode } from "../src/index.js";

/** Runs `fn`, expects an `EndpointError` with `code`, and returns it for further checks. */
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
  if (message !== undefined) expect(error.message).toMatch(message);
  return error;
}

export const DEFAULT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  accept: "application/vnd.github.v3+json",
  "user-agent": "rest-endpoint/1.0.0",
});
