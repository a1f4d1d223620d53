// The error of a response that is no success, for a sender asked to throw on a status.
import { EndpointError } from "../errors/endpoint-error.js";
import { defineOwn } from "../shared/define-own.js";
import { lenientName } from "../shared/lenient-name.js";
import { maskedText, maskedUrl, SECRET_NAME } from "../shared/masked-url.js";

/** The request a `ResponseError` answers, as it went out, its credentials masked. */
export interface MaskedRequest {
  /** Uppercase, as sent (a 303 redirect makes it a GET). */
  method: string;
  /** The url the response came from, the values of credential-like parameters masked. */
  url: string;
  /** Its headers, the values of credential-like ones (`authorization`, `x-api-key`) masked. */
  headers: Record<string, string>;
}

/**
 * A response whose status is no success (not 2xx), thrown by a sender made with
 * `throwOnStatus: true` (code `response_status`), as `@octokit/request` throws its
 * `RequestError` and ky its `HTTPError`. It carries the `status`, the `response` (its body read
 * already), the `body` read as its content-type says, and the `request` with its credentials
 * masked, so that it can be logged as it is. The request's body is left out: it may hold
 * credentials (a `client_secret`) that no name tells.
 *
 * @example
 * ```ts
 * const send = sender({ throwOnStatus: true, fetch: async () => Response.json({ message: "Not Found" }, { status: 404 }) });
 * try {
 *   await send(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", headers: { authorization: "token secret" } }));
 * } catch (error) {
 *   error instanceof ResponseError; // true
 *   error.status; // 404
 *   error.request.headers.authorization; // "token ****"
 * }
 * ```
 */
export class ResponseError<Body = unknown> extends EndpointError {
  readonly status: number;
  readonly response: Response;
  readonly body: Body;
  readonly request: MaskedRequest;

  constructor(response: Response, body: Body, method: string, url: string, headers: Record<string, string>) {
    const status = response.status;
    const shown = `${method} ${maskedUrl(url)}`;
    super(
      "response_status",
      __DEV__
        ? `The request ${shown} answered ${status}${response.statusText === "" ? "" : ` ${response.statusText}`}${said(body)}.`
        : shown,
    );
    this.status = status;
    this.response = response;
    this.body = body;
    const masked: Record<string, string> = {};
    for (const name of Object.keys(headers)) {
      defineOwn(
        masked,
        name,
        SECRET_NAME.test(lenientName(name)) ? maskedValue(headers[name] as string) : headers[name],
      );
    }
    this.request = { method, url: maskedUrl(url), headers: masked };
  }
}

/** A credential's scheme stays (`token ****`, `Bearer ****`); any other value is all masked. */
function maskedValue(value: string): string {
  const scheme = /^(Bearer|Basic|token|Digest|Negotiate) /i.exec(value);
  return scheme === null ? "****" : `${scheme[1]} ****`;
}

/** What the server said, when its body has a `message` (GitHub's, and most APIs' errors). */
function said(body: unknown): string {
  if (!__DEV__) return "";
  const message =
    typeof body === "object" && body !== null && Object.hasOwn(body, "message")
      ? (body as { message: unknown }).message
      : undefined;
  return typeof message === "string" && message !== ""
    ? `: ${maskedText(message.replace(/\s+/g, " ")).slice(0, 200)}`
    : "";
}
