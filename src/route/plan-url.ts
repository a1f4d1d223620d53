import { isPlainHost } from "../shared/plain-host.js";
import {
  type CompiledTemplate,
  compileTemplate,
  type Part,
  type Placeholder,
  templateError,
} from "../template/compile-template.js";

/**
 * A route url compiled once: the template program plus what building a request needs to know
 * of it, so a call reads its parameters and expands path and query in one pass.
 */
export interface UrlPlan extends Pick<CompiledTemplate, "source" | "variableNames" | "slots" | "bytes"> {
  /** The slots of `{var}`, `{+var}` and `:name` variables, which must be given, in order. */
  readonly requiredSlots: readonly number[];
  /** The parts that make the path, and the parts after it (query and fragment). */
  readonly pathParts: readonly Part[];
  readonly tailParts: readonly Part[];
  /** A `{+var}` in the path may put `?` or `#` in it, so the path end must be looked up. */
  readonly reservedInPath: boolean;
  /** The route's own path ends in `/`, which stays. */
  readonly pathEndsWithSlash: boolean;
  /**
   * The length of the origin (`https://host:port`) a full URL names in its literal text; 0 for
   * a path, joined to `baseUrl`.
   */
  readonly origin: number;
}

/**
 * A `.` or `..` path segment, percent-encoded (`%2e`, `.%2E`) or not, as URL parsers read them:
 * nothing but a `/` before it or after it.
 */
export const DOT_SEGMENT: RegExp = /(?<![^/])(?:\.|%2e){1,2}(?![^/])/i;

/**
 * In a route's path: a `:name` placeholder after a `/`; the `?`, `#` or query or fragment
 * expression that ends the path; or any other expression, skipped whole (the engine reports any
 * fault in it), so that a `:` in it is no placeholder.
 */
const PATH_TOKEN = /\/:([a-z_]\w*)|(\{[?&#]|[?#])|\{[^}]*/gi;

/**
 * Compiles a route url: RFC 6570 with the route syntax (`-` in names, `:name` placeholders in
 * the path), and the rules a route adds: a full URL names its origin in literal text, the
 * route's own path holds no dot segment, nothing but query, fragment or "#" follows a query
 * expression that ends the path, and the query goes before the fragment.
 */
export function planUrl(url: string): UrlPlan {
  // A full URL (its `scheme://`, checked here) names its origin: the route syntax starts after
  // it (`https://h:8443/:id`). A path has none.
  const origin = /^[a-z][a-z\d+.-]*:/i.test(url) ? checkOrigin(url) : 0;
  // The route syntax: `:name` placeholders up to where the path ends (read with `exec`: a
  // replaced iterator must not choose them).
  const placeholders: Placeholder[] = [];
  PATH_TOKEN.lastIndex = 0;
  let found = PATH_TOKEN.exec(url);
  for (; found !== null && found[2] === undefined; found = PATH_TOKEN.exec(url)) {
    const name = found[1];
    if (name !== undefined && found.index >= origin) placeholders.push({ index: found.index + 1, name });
  }
  const pathEnd = found?.index ?? url.length;
  const compiled = compileTemplate(url, { dashInNames: true, placeholders });
  // A route's own `.` or `..` segment would be resolved away by URL parsers but sent as written
  // by others; refused, so every dot segment in a route's path comes from a value (refused too).
  const dot = DOT_SEGMENT.exec(url.slice(0, pathEnd));
  if (dot !== null) {
    throw templateError(
      url,
      dot.index,
      __DEV__ ? `a "." or ".." path segment, which URL parsers resolve away; write the path without it` : "",
    );
  }
  // One pass splits the parts into path, query and fragment: the path ends at the first query or
  // fragment expression or literal "?" or "#", the fragment starts at a `{#…}` or literal "#"
  // (literals split there). Simple and `+` expressions and placeholders are required.
  const split: [Part[], Part[], Part[]] = [[], [], []];
  let stage = 0;
  // After a query or fragment expression that ends the path, only more of them may follow until
  // a literal "#": left out, such an expression would join whatever follows to the path.
  let strict = false;
  let lastExpression = 0;
  const required = new Set<number>();
  for (const part of compiled.parts) {
    if (typeof part === "string") {
      if (strict && !part.startsWith("#")) {
        // A literal starts where the expression before it closes.
        throw templateError(url, url.indexOf("}", lastExpression) + 1, __DEV__ ? TAIL_PROBLEM : "");
      }
      strict = false;
      // A "?" or "#" ends the path, a "#" the query: the literal is cut there.
      let rest = part;
      while (stage < 2) {
        // The path ends at a "?" or "#", the query at a "#".
        const cut = stage === 0 ? rest.search(QUERY_OR_FRAGMENT) : rest.indexOf("#");
        if (cut < 0) break;
        if (cut > 0) (split[stage] as Part[]).push(rest.slice(0, cut));
        rest = rest.slice(cut);
        stage++;
      }
      (split[stage] as Part[]).push(rest);
      continue;
    }
    const first = part.operator.first;
    if (first === "") for (const variable of part.variables) required.add(variable.slot);
    const query = first === "?" || first === "&";
    const tail = query || first === "#";
    if (strict && !tail) throw templateError(url, part.index, __DEV__ ? TAIL_PROBLEM : "");
    if (tail && stage === 0) {
      strict = true;
      stage = 1;
    }
    if (first === "#") stage = 2;
    lastExpression = part.index;
    // A route's query goes before its fragment, as a request sends it (a client drops what
    // follows `#`): query expressions written after the fragment's start
    // (`/#Action=Send{?Version}`, a path key of AWS's) move to just before it. A route rule: the
    // RFC 6570 engine alone writes them where they stand.
    (split[query ? 1 : stage] as Part[]).push(part);
  }
  const [pathParts, query, fragment] = split;
  const last = pathParts.at(-1);
  // Every field written out in one literal: plans then share one hidden class, and the reads on
  // the hot path stay monomorphic (an object spread gave nearly every route its own).
  return {
    source: url,
    variableNames: compiled.variableNames,
    slots: compiled.slots,
    requiredSlots: [...required],
    bytes: compiled.bytes,
    pathParts,
    tailParts: query.concat(fragment),
    reservedInPath: pathParts.some((part) => typeof part !== "string" && part.operator.reserved),
    pathEndsWithSlash: typeof last === "string" && last.endsWith("/"),
    origin,
  };
}

/** The characters that end a path. */
export const QUERY_OR_FRAGMENT: RegExp = /[?#]/;

const TAIL_PROBLEM = `in a route only {?…}, {&…}, {#…} or a literal "#" may follow a query or fragment expression, since a value left out would join what follows to the path; move the path before it`;

/**
 * A full URL in a route names its origin in literal text, `scheme://host[:port]`, ended by a
 * literal `/`, `?`, `#` or the end: a value must never choose the host, and an optional
 * expression right after it that expands to nothing would join what follows to the host.
 * Returns where the origin ends: the start of the route's first literal holds it as written
 * (the origin's characters are all kept as they are, and no expression or placeholder is in it).
 */
function checkOrigin(url: string): number {
  const colon = url.indexOf(":");
  if (!url.startsWith("//", colon + 1)) {
    throw templateError(
      url,
      colon + 1,
      __DEV__ ? `a full URL must name its host: write "scheme://host/path"` : "",
    );
  }
  const end = url.slice(colon + 3).search(/[/?#{]|$/) + colon + 3;
  try {
    new URL(url.slice(0, end));
  } catch {
    throw templateError(url, colon + 3, __DEV__ ? "the host or port does not parse as a URL's" : "");
  }
  // An empty host (`file:///x`) is refused below, for its scheme.
  const host = url.slice(colon + 3, end);
  if (host !== "" && !isPlainHost(host)) {
    throw templateError(
      url,
      colon + 3,
      __DEV__
        ? host.includes("@")
          ? "a url holds no user:password@ (it names the host after it, and curl sends it as basic auth); send credentials in an authorization header"
          : "the host or port is not written plainly (letters, digits, - and . only, an IPv4 address as four decimal numbers), so URL parsers could read different hosts"
        : "",
    );
  }
  if (url.charCodeAt(end) === 123 /* { */) {
    throw templateError(
      url,
      end,
      __DEV__
        ? `an expression in the scheme, host or port, or right after it, would let a value choose where the request goes; write the host in the route or in baseUrl, followed by "/", "?" or "#"`
        : "",
    );
  }
  return end;
}
