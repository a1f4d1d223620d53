import { EndpointError } from "../errors/endpoint-error.js";
import { bodyBytes } from "./body-bytes.js";
import { rawBodyKind } from "./raw-body-kind.js";

/**
 * A serialised body as the bytes a client sends, for an adapter that prints the request
 * (`toCurl` into a command, `toHttpMessage` into a message). A Blob, FormData or stream has no
 * bytes to print without reading it asynchronously, so it is refused here, once for both, with
 * `invalid_options`.
 */
export function printableBytes(body: unknown, adapter: string, into: string): Uint8Array {
  if (typeof body === "string") return new TextEncoder().encode(body);
  const kind = rawBodyKind(body);
  if (kind === "bytes") return bodyBytes(body as object);
  // The built-in toString, as fetch writes the form: not one a subclass put on top.
  if (kind === "searchParams") return new TextEncoder().encode(URLSearchParams.prototype.toString.call(body));
  throw new EndpointError(
    "invalid_options",
    __DEV__
      ? `${adapter} cannot write a Blob, FormData or stream body into ${into}; pass text or bytes as data.`
      : "",
    { option: "body" },
  );
}
