import { defineOwn } from "../shared/define-own.js";
import { quote } from "../shared/quote.js";

/** The reasons an `EndpointError` can have; each names the kind of input that was wrong. */
export type EndpointErrorCode =
  | "invalid_route"
  | "unsupported_method"
  | "invalid_template"
  | "missing_parameter"
  | "invalid_parameter"
  | "invalid_header"
  | "invalid_base_url"
  | "invalid_options"
  /** `paginate` and `sender`: fetch could not make a request (a network error, an abort). */
  | "request_failed"
  /** `sender`, asked to throw on a status: the response is no success (`ResponseError`). */
  | "response_status"
  /** `sender`: a response's body is not what its content-type says (JSON that does not parse). */
  | "invalid_response";

/**
 * The one error type rest-endpoint throws. `code` says what kind of input was wrong; the
 * message says what, where and how to fix it. Template faults also carry `index`, the
 * 0-based position in the template. Production builds (the `production` export condition)
 * carry a short message instead: the code, the name of the parameter, header or option at
 * fault, the index if any, and where docs/errors.md explains the code; there the `message`
 * argument is that name.
 *
 * @example
 * ```ts
 * try {
 *   endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" });
 * } catch (error) {
 *   error instanceof EndpointError; // true
 *   error.code; // "missing_parameter"
 * }
 * ```
 */
export class EndpointError extends Error {
  override readonly name: "EndpointError" = "EndpointError";
  readonly code: EndpointErrorCode;
  readonly index: number | undefined;

  constructor(code: EndpointErrorCode, message: string, index?: number) {
    // Production builds leave the message text out: it is a large part of the bundle. Write each
    // message as `new EndpointError("code", __DEV__ ? `...` : name)`, where `name` is the
    // parameter, header or option at fault ("" when there is none); a helper that builds
    // messages takes its text the same way and tests `__DEV__` itself. scripts/build.js
    // defines `__DEV__` as false for dist/production/ (the `production` export condition),
    // where esbuild drops the dead text and the helpers only it used. There the message is the
    // short form: the code, the name if any, the index if any, and the section of
    // docs/errors.md on the code.
    super(
      __DEV__ && message !== ""
        ? message
        : `${code}${message && ` ${quote(message)}`}${index === undefined ? "" : ` at index ${index}`} (see rest-endpoint/docs/errors.md#${code})`,
    );
    this.code = code;
    this.index = index;
  }
}

/**
 * What a call threw, as an `EndpointError`, the one rule for whatever the caller's own objects
 * do: this library's errors as they are; a `RangeError` (a url or header longer than a string
 * can be, a stack too deep) as `invalid_parameter`; anything else, thrown by a getter, a Proxy
 * trap or a `toJSON` of the caller's, as `invalid_options`. The thrown value is the `cause`.
 */
export function asEndpointError(error: unknown): EndpointError {
  let tooLarge = false;
  try {
    // One of ours has its own `code`: one that only borrows the prototype (thrown by a
    // caller's getter) has none, and is reported as a cause.
    if (error instanceof EndpointError && Object.hasOwn(error, "code")) return error;
    tooLarge = error instanceof RangeError;
  } catch {
    // a revoked Proxy, thrown: the caller's object, as any other (`tooLarge` is still false)
  }
  return withCause(
    new EndpointError(
      tooLarge ? "invalid_parameter" : "invalid_options",
      __DEV__
        ? tooLarge
          ? "The request would be larger than JavaScript strings or the stack allow; send smaller values."
          : "The options hold an object that cannot be read (a getter or a Proxy trap threw, or a Proxy was revoked): pass plain data."
        : "",
    ),
    error,
  );
}

/** `invalid_options`, its message written like every other (see `EndpointError`). */
export function invalidOptions(message: string): EndpointError {
  return new EndpointError("invalid_options", message);
}

/**
 * `error` with its `cause`, defined rather than assigned: an accessor or read-only `cause` on
 * a polluted or frozen `Object.prototype` must neither take it nor throw.
 */
export function withCause(error: EndpointError, cause: unknown): EndpointError {
  defineOwn(error, "cause", cause);
  return error;
}

/** `instanceof` that answers false, instead of throwing, for a thrown revoked Proxy. */
export function isInstance(value: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  try {
    return value instanceof type;
  } catch {
    return false;
  }
}
