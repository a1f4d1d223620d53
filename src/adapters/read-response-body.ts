// A response's body as its content-type says: the one reading of `sender`.
import { EndpointError, withCause } from "../errors/endpoint-error.js";

/** JSON: `application/json` and any `+json` type. */
const JSON_TYPE = /^application\/(?:[\w.!#$&^-]+\+)?json$/;
/** Text: `text/*`, XML, forms and scripts, read as UTF-8 unless the type says otherwise. */
const TEXT_TYPE =
  /^(?:text\/|application\/(?:[\w.!#$&^-]+\+)?xml$|application\/x-www-form-urlencoded$|application\/(?:java|ecma)script$)/;

/** What a response without content gives: HEAD, 204, 205 and 304 never have any. */
const NO_CONTENT: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * The body of `response` to a `method` request: `undefined` when it has none (HEAD, 204, 205,
 * 304, an empty body said to be JSON or of no type), parsed JSON for a JSON type, a string for
 * text, and bytes (`Uint8Array`) for anything else or no content-type. JSON that does not parse is
 * `invalid_response`, with the parser's error as its `cause`; reading may also reject as fetch
 * does (an abort, a connection cut), which the caller names.
 *
 * @example
 * ```ts
 * await readResponseBody(new Response('{"a":1}', { headers: { "content-type": "application/json" } }), "GET"); // { a: 1 }
 * await readResponseBody(new Response(null, { status: 204 }), "DELETE"); // undefined
 * ```
 */
export async function readResponseBody(response: Response, method: string): Promise<unknown> {
  if (method === "HEAD" || NO_CONTENT.has(response.status)) {
    // Nothing to read: the connection is let go at once.
    await response.body?.cancel();
    return undefined;
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (JSON_TYPE.test(type)) {
    const text = await response.text();
    if (text === "") return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw withCause(
        new EndpointError(
          "invalid_response",
          __DEV__
            ? `The response (status ${response.status}) says it is ${type} but is not JSON: read it yourself with toFetchArgs and fetch.`
            : "",
        ),
        error,
      );
    }
  }
  if (TEXT_TYPE.test(type)) return await response.text();
  const bytes = new Uint8Array(await response.arrayBuffer());
  return bytes.length === 0 && type === "" ? undefined : bytes;
}
