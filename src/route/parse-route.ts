import { EndpointError } from "../errors/endpoint-error.js";
import { hex } from "../shared/hex.js";
import { isMethodName } from "../shared/http.js";
import { lazyPattern } from "../shared/lazy-pattern.js";
import { quote } from "../shared/quote.js";
import { toRequestMethod } from "./request-method.js";

export interface ParsedRoute {
  /** As written in the route, or `"GET"` for a bare url. */
  readonly method: string;
  readonly url: string;
}

// White space other than the space and tab that separate the words, and control or format
// characters (a no-break space copied from docs, a zero-width space, a line break): a route
// holding one would be read as a one-word url and sent as GET to a garbled path.
// In a url alone (given as an option) no white space separates anything: all of it is stray.
const STRAY_CHARACTER = String.raw`[^\S \t]|[^\P{Cc}\t]|\p{Cf}`;
const STRAY_IN_URL = String.raw`[\s\p{Cc}\p{Cf}]`;
// Built on the first text that holds more than printable ASCII and tabs (as a literal, the
// \p{Cf} class, which Unicode versions extend, costs every cold start about 2 million
// instructions to build); without them, only a url alone can hold a stray: a space or tab.
const NOT_PRINTABLE_ASCII = /[^\t\x20-\x7e]/;
const SPACE_OR_TAB = /[ \t]/;

/**
 * Splits `"METHOD url"` (or a bare `"url"`, meaning GET). Method and url are separated by
 * spaces or tabs; the method is checked here so a typo fails before any request is built.
 * Not cached itself: `compileRoute` keeps the result with the compiled url.
 */
export function parseRoute(route: string): ParsedRoute {
  const trimmed = route.trim();
  checkStray(route, trimmed);
  const words = trimmed.split(/[ \t]+/);
  const first = words[0] as string;
  // Read only when there: a missing index would read a (polluted) Array.prototype.
  const url = words.length > 1 ? words[1] : undefined;
  if (first === "" || words.length > 2 || (url === undefined && isMethodName(first))) {
    throw new EndpointError(
      "invalid_route",
      __DEV__
        ? first === ""
          ? `The route is empty: write "METHOD /path", e.g. "GET /user".`
          : words.length > 2
            ? `Invalid route ${quote(route)}: expected "METHOD /path" (two words), got ${words.length} words; percent-encode spaces in the url as %20.`
            : `Invalid route ${quote(route)}: the url is missing; write "${first.toUpperCase()} /path".`
        : "",
      { route },
    );
  }
  if (url === undefined) return { method: "GET", url: first };
  toRequestMethod(first, route);
  return { method: first, url };
}

/**
 * Refuses a stray white-space, control or format character in `text` (a route, or a url given
 * as an option, part of `route`) with `invalid_route`. In a url alone (`urlOnly`), a space or
 * tab is stray too.
 */
export function checkStray(route: string, text: string, urlOnly = false): void {
  let stray: RegExpExecArray | null;
  if (!NOT_PRINTABLE_ASCII.test(text)) stray = urlOnly ? SPACE_OR_TAB.exec(text) : null;
  else stray = lazyPattern(urlOnly ? STRAY_IN_URL : STRAY_CHARACTER, "u").exec(text);
  if (stray !== null) {
    throw new EndpointError(
      "invalid_route",
      __DEV__
        ? `Invalid route ${quote(route)}: the character U+${hex(stray[0].codePointAt(0) ?? 0, 4)} at index ${stray.index + route.indexOf(text)} is not allowed; ${urlOnly ? "percent-encode it (a space as %20)" : "separate the method and the url with a plain space, and percent-encode other characters in the url"}.`
        : "",
      { route },
    );
  }
}
