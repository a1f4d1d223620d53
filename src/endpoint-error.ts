/** The reasons an `EndpointError` can have; each names the kind of input that was wrong. */
export type EndpointErrorCode =
  | "invalid_route"
  | "unsupported_method"
  | "invalid_template"
  | "missing_parameter"
  | "invalid_parameter"
  | "invalid_header"
  | "invalid_base_url"
  | "invalid_options";

/**
 * The one error type rest-endpoint throws. `code` says what kind of input was wrong; the
 * message says what, where and how to fix it. Template faults also carry `index`, the
 * 0-based position in the template.
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
    super(message);
    this.code = code;
    this.index = index;
  }
}
