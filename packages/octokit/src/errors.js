// The drop-in's own refusals and its one rule for what the caller's objects throw: the same
// EndpointError class rest-endpoint throws, so a caller catches one type.
import { EndpointError } from "rest-endpoint";

/**
 * An `EndpointError` with `code` and `message`, and `cause` defined (not assigned) when given.
 *
 * @param {import("rest-endpoint").EndpointErrorCode} code
 * @param {string} message
 * @param {unknown} [cause]
 * @returns {EndpointError}
 * @example
 * ```js
 * refuse("invalid_parameter", "bad origin").code; // "invalid_parameter"
 * ```
 */
export function refuse(code, message, cause) {
  const error = new EndpointError(code, message);
  if (cause !== undefined) {
    Object.defineProperty(error, "cause", { value: cause, writable: true, configurable: true });
  }
  return error;
}

/**
 * Runs `read`, turning anything but an `EndpointError` it throws (a getter's, a Proxy trap's)
 * into `invalid_options` with that value as `cause`, as rest-endpoint does.
 *
 * @template T
 * @param {() => T} read
 * @returns {T}
 * @example
 * ```js
 * readSafely(() => 1); // 1
 * readSafely(() => { throw new Error("getter"); }); // throws EndpointError invalid_options
 * ```
 */
export function readSafely(read) {
  try {
    return read();
  } catch (error) {
    if (error instanceof EndpointError) throw error;
    throw refuse("invalid_options", "Reading the options threw; see `cause`.", error);
  }
}
