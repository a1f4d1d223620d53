// What fetch threw, as an EndpointError that names the request: the one wording of
// `paginate` and `sender`.
import { EndpointError, withCause } from "../errors/endpoint-error.js";
import { maskedUrl } from "../shared/masked-url.js";
import { failureCode } from "./fetch-again.js";

/**
 * What fetch threw, as an `EndpointError` that says which request failed: fetch's own
 * `TypeError: fetch failed` names none, and a loop of pages may fail on any. The url is masked
 * (credential-like query values), in the message and in what fetch said (it may quote the url).
 */
export function requestFailed(method: string, url: string, error: unknown): EndpointError {
  const shown = `${method} ${maskedUrl(url)}`;
  let said = "";
  if (__DEV__) {
    // The network's reason when fetch gives one (ECONNREFUSED), else its message; a thrown value
    // that cannot be read or written as text (a revoked Proxy) is named as such.
    const reason = failureCode(error) || "an error that cannot be read";
    said = reason.split(url).join(maskedUrl(url)).replace(/\s+/g, " ").slice(0, 200);
  }
  return withCause(
    new EndpointError(
      "request_failed",
      __DEV__ ? `The request ${shown} failed: ${said} (fetch's error is the cause).` : shown,
    ),
    error,
  );
}
