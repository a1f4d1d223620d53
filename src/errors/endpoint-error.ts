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
 * What an `EndpointError` names as at fault, given where it is made: each field is the
 * caller's own word for the thing (docs/errors.md lists them per code). The three names are
 * three fields, not one, because they live in three namespaces (the option `headers`, the
 * header `accept` and a parameter `accept` are three things) and a fault may involve two: a
 * parameter left over beside the `data` option sets both.
 */
export interface EndpointErrorFields {
  /** The parameter at fault, as the options name it (`"repo"`); a body value's top parameter. */
  parameter?: string | undefined;
  /** The header at fault, as the headers name it (`"x-request-id"`). */
  header?: string | undefined;
  /** The option at fault (`"baseUrl"`, `"headers"`, `"data"`), or a client setting. */
  option?: string | undefined;
  /** The route of the request, as `"METHOD url"` with the method in capitals. */
  route?: string | undefined;
  /** Template faults: the 0-based position of the fault in the template. */
  index?: number | undefined;
}

/**
 * The one error type rest-endpoint throws. `code` says what kind of input was wrong; the
 * message says what, where and how to fix it. The fields say what was at fault, in every build:
 * `parameter`, `header` or `option` (the caller's name for it), `route` where the request's
 * route is known, and `index` for template faults. Production builds (the `production` export
 * condition) carry a short message instead: the code, the name at fault, the index if any, and
 * where docs/errors.md explains the code.
 *
 * @example
 * ```ts
 * try {
 *   endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" });
 * } catch (error) {
 *   error instanceof EndpointError; // true
 *   error.code; // "missing_parameter"
 *   error.parameter; // "repo"
 *   error.route; // "GET /repos/{owner}/{repo}"
 * }
 * ```
 */
export class EndpointError extends Error {
  override readonly name: "EndpointError" = "EndpointError";
  readonly code: EndpointErrorCode;
  /** Template faults: the 0-based position of the fault in the template; otherwise `undefined`. */
  readonly index: number | undefined;
  /** The parameter at fault (`"repo"`), when a parameter is; otherwise `undefined`. */
  declare readonly parameter?: string | undefined;
  /** The header at fault (`"x-request-id"`), when a header is; otherwise `undefined`. */
  declare readonly header?: string | undefined;
  /** The option (or client setting) at fault (`"baseUrl"`), when one is; otherwise `undefined`. */
  declare readonly option?: string | undefined;
  /** The request's route, `"GET /repos/{owner}/{repo}"`, where it is known; otherwise `undefined`. */
  declare readonly route?: string | undefined;

  /**
   * @param code What kind of input was wrong.
   * @param message The full text; in production builds `""`, or a name the fields do not hold
   *   (a url, a host), which the short message then shows.
   * @param fields What was at fault, in every build.
   */
  constructor(code: EndpointErrorCode, message: string, fields: EndpointErrorFields = {}) {
    // Production builds leave the message text out: it is a large part of the bundle. Write each
    // error as `new EndpointError("code", __DEV__ ? `...` : "", { parameter: name })`: the
    // fields in both builds, the text in development only; a helper that builds messages takes
    // its text the same way and tests `__DEV__` itself. scripts/build.js defines `__DEV__` as
    // false for dist/production/ (the `production` export condition), where esbuild drops the
    // dead text and the helpers only it used. There the message is the short form: the code,
    // the name at fault (the `message` argument, else the parameter, header or option), the
    // index if any, and the section of docs/errors.md on the code.
    const named = message || fields.parameter || fields.header || fields.option;
    super(
      __DEV__ && message !== ""
        ? message
        : `${code}${named ? ` ${quote(named)}` : ""}${fields.index === undefined ? "" : ` at index ${fields.index}`} (see rest-endpoint/docs/errors.md#${code})`,
    );
    this.code = code;
    Object.assign(this, fields);
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

/**
 * `invalid_options`, its message written like every other (see `EndpointError`), for `option`
 * (and the `parameter` in it) when one is at fault.
 */
export function invalidOptions(message: string, option?: string, parameter?: string): EndpointError {
  return new EndpointError("invalid_options", message, { option, parameter });
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
