// What fetch threw, as an EndpointError that names the request: the one wording of
// `paginate` and `sender`.
import { EndpointError, withCause } from "../endpoint-error.js";
import { maskedUrl } from "../shared/masked-url.js";

/**
 * What fetch threw, as an `EndpointError` that says which request failed: fetch's own
 * `TypeError: fetch failed` names none, and a loop of pages may fail on any. The url is masked
 * (credential-like query values), in the message and in what fetch said (it may quote the url).
 */
export function requestFailed(method: string, url: string, error: unknown): EndpointError {
  const shown = `${method} ${maskedUrl(url)}`;
  let said = "";
  if (__DEV__) {
    try {
      // The network's reason when fetch gives one (ECONNREFUSED), else its message.
      const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
      const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : error);
      said = String(reason).split(url).join(maskedUrl(url)).replace(/\s+/g, " ").slice(0, 200);
    } catch {
      // a thrown value that cannot be read or written as text (a revoked Proxy): named as such
      said = "an error that cannot be read";
    }
  }
  return withCause(
    new EndpointError(
      "request_failed",
      __DEV__ ? `The request ${shown} failed: ${said} (fetch's error is the cause).` : shown,
    ),
    error,
  );
}
