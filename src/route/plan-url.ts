import {
  type CompiledTemplate,
  compileTemplate,
  type Expression,
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
 * A `.` or `..` path segment, percent-encoded (`%2e`, `.%2E`) or not, as URL parsers read them,
 * with the `/` before it if any.
 */
export const DOT_SEGMENT: RegExp = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

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
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(url);
  if (hasScheme) checkOrigin(url);
  // The route syntax: `:name` placeholders up to where the path ends (read with `exec`: a
  // replaced iterator must not choose them).
  const placeholders: Placeholder[] = [];
  // In a full URL (its `scheme://`, checked above), after the origin's start: `https://u:pw@h/:id`.
  const start = hasScheme ? url.indexOf(":") + 3 : 0;
  PATH_TOKEN.lastIndex = 0;
  let found = PATH_TOKEN.exec(url);
  for (; found !== null && found[2] === undefined; found = PATH_TOKEN.exec(url)) {
    const name = found[1];
    if (name !== undefined && found.index >= start) placeholders.push({ index: found.index + 1, name });
  }
  const pathEnd = found?.index ?? url.length;
  const compiled = compileTemplate(url, { dashInNames: true, placeholders });
  // A route's own `.` or `..` segment would be resolved away by URL parsers but sent as written
  // by others; refused, so every dot segment in a route's path comes from a value (refused too).
  const dot = DOT_SEGMENT.exec(url.slice(0, pathEnd));
  if (dot !== null) {
    throw templateError(
      url,
      dot.index + (dot[0].startsWith("/") ? 1 : 0),
      __DEV__ ? `a "." or ".." path segment, which URL parsers resolve away; write the path without it` : "",
    );
  }
  // The path is the parts before the first query or fragment expression or literal "?" or "#"
  // (that literal split there). Simple and `+` expressions and placeholders are required.
  const pathParts: Part[] = [];
  const tail: Part[] = [];
  const required = new Set<number>();
  for (const part of compiled.parts) {
    if (typeof part !== "string" && part.operator.first === "") {
      for (const variable of part.variables) required.add(variable.slot);
    }
    const cut =
      tail.length > 0
        ? 0
        : typeof part === "string"
          ? part.search(QUERY_OR_FRAGMENT)
          : hasOperator(part, "?&#")
            ? 0
            : -1;
    if (cut < 0) pathParts.push(part);
    else if (cut === 0) tail.push(part);
    else {
      pathParts.push((part as string).slice(0, cut));
      tail.push((part as string).slice(cut));
    }
  }
  if (tail[0] !== undefined && typeof tail[0] !== "string") checkTail(url, tail);
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
    tailParts: queryBeforeFragment(tail),
    reservedInPath: pathParts.some((part) => typeof part !== "string" && part.operator.reserved),
    pathEndsWithSlash: typeof last === "string" && last.endsWith("/"),
    origin: hasScheme ? (/^[^/]*\/\/[^/?#]*/.exec(pathParts[0] as string)?.[0].length ?? 0) : 0,
  };
}

/** The characters that end a path. */
export const QUERY_OR_FRAGMENT: RegExp = /[?#]/;

/** An expression whose operator is one of `operators`. */
function hasOperator(part: Part, operators: string): boolean {
  return typeof part !== "string" && operators.includes(part.operator.first || "x");
}

/**
 * After a query or fragment expression that ends the path, only more of them may follow until
 * a literal "#": left out, such an expression would join whatever follows to the path.
 */
function checkTail(url: string, tail: readonly Part[]): void {
  for (let i = 1; i < tail.length; i++) {
    const part = tail[i] as Part;
    if (typeof part === "string" && part.startsWith("#")) return;
    if (typeof part === "string" || !hasOperator(part, "?&#")) {
      throw templateError(
        url,
        // A literal starts where the expression before it closes.
        typeof part === "string" ? url.indexOf("}", (tail[i - 1] as Expression).index) + 1 : part.index,
        __DEV__
          ? `in a route only {?…}, {&…}, {#…} or a literal "#" may follow a query or fragment expression, since a value left out would join what follows to the path; move the path before it`
          : "",
      );
    }
  }
}

/**
 * A route's query goes before its fragment, as a request sends it (a client drops what follows
 * `#`): query expressions written after the fragment's start (`/#Action=Send{?Version}`, a
 * path key of AWS's) move to just before it. A route rule: the RFC 6570 engine alone writes
 * them where they stand.
 */
function queryBeforeFragment(tail: readonly Part[]): Part[] {
  const before: Part[] = [];
  const moved: Part[] = [];
  let fragment: Part[] | undefined;
  for (let i = 0; i < tail.length; i++) {
    const part = tail[i] as Part;
    if (fragment !== undefined) {
      (hasOperator(part, "?&") ? moved : fragment).push(part);
    } else if (typeof part === "string" ? part.includes("#") : part.operator.first === "#") {
      // The fragment starts at a literal "#", the text before it staying where it is, or a `{#…}`.
      const hash = typeof part === "string" ? part.indexOf("#") : 0;
      if (hash > 0) before.push((part as string).slice(0, hash));
      fragment = [hash > 0 ? (part as string).slice(hash) : part];
    } else {
      before.push(part);
    }
  }
  return before.concat(moved, fragment ?? []);
}

/**
 * A full URL in a route names its origin in literal text, `scheme://host[:port]`, ended by a
 * literal `/`, `?`, `#` or the end: a value must never choose the host, and an optional
 * expression right after it that expands to nothing would join what follows to the host.
 */
function checkOrigin(url: string): void {
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
  if (url.charCodeAt(end) === 123 /* { */) {
    throw templateError(
      url,
      end,
      __DEV__
        ? `an expression in the scheme, host or port, or right after it, would let a value choose where the request goes; write the host in the route or in baseUrl, followed by "/", "?" or "#"`
        : "",
    );
  }
}
