import { EndpointError } from "../errors/endpoint-error.js";
import { FRAMING_HEADERS } from "../shared/http.js";
import { quote } from "../shared/quote.js";

/**
 * Refuses, as `invalid_header`, a framing header among `headers` (any case) or a `connection`
 * header that names one: `adapter` (`toHttpMessage`, `toCurl`) writes the request's framing
 * itself.
 */
export function refuseFraming(headers: Readonly<Record<string, string>>, adapter: string): void {
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    // `connection: content-length` asks a proxy to drop the length: the body would become a request.
    const named =
      lower === "connection" &&
      (headers[name] as string)
        .split(",")
        .some((token) => FRAMING_HEADERS.includes(token.trim().toLowerCase()));
    if (FRAMING_HEADERS.includes(lower) || named) {
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Header ${quote(name)} in the request options given to ${adapter}: ${adapter} writes host (from the url) and content-length (from the body) itself, and another host, length or transfer-encoding (or a connection header naming one) would let servers read the request differently; remove the header.`
          : "",
        { header: name },
      );
    }
  }
}
