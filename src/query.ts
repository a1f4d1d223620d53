import { QUERY_OPERATOR } from "./compile-template.js";
import { quote } from "./describe.js";
import { encodeUnreserved } from "./encode.js";
import { EndpointError } from "./endpoint-error.js";
import { expandVariable, loneSurrogate } from "./expand-template.js";
import { isPlainObject } from "./object.js";

/**
 * Appends parameters to a url exactly as if it ended in `{?a,b}` (or `{&a,b}` after an
 * existing `?`), in the order of `names`, before any `#fragment`. Names are percent-encoded.
 *
 * @example
 * ```ts
 * appendQuery("/search#top", { q: "a b", page: 2 }, ["q", "page"]); // "/search?q=a%20b&page=2#top"
 * ```
 */
export function appendQuery(
  url: string,
  parameters: Record<string, unknown>,
  names: readonly string[],
): string {
  let query = "";
  for (const name of names) {
    const value = parameters[name];
    if (value === undefined || value === null) continue;
    if (isPlainObject(value)) {
      throw new EndpointError(
        "invalid_parameter",
        `Parameter ${quote(name)} is an object, which has no single query form: put "{?${name}*}" in the route to send its keys as query parameters, or send it in a request body.`,
      );
    }
    const key = encodeUnreserved(name);
    if (key === undefined) throw loneSurrogate(name);
    const piece = expandVariable(
      QUERY_OPERATOR,
      { name: key, prefix: 0, explode: false, inherited: false },
      value,
    );
    if (piece !== undefined) query += (query === "" ? "" : "&") + piece;
  }
  if (query === "") return url;
  const hash = url.indexOf("#");
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const joined = beforeHash + (beforeHash.includes("?") ? "&" : "?") + query;
  return hash === -1 ? joined : joined + url.slice(hash);
}
