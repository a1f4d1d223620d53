import { closestRoutes } from "../operations/closest-routes.js";
import { quote } from "../shared/quote.js";
import { UsageError } from "./usage-error.js";

/** A concrete path read as one of a description's routes: that route, and the values its url took. */
export interface DescribedPath {
  readonly route: string;
  readonly values: Readonly<Record<string, string>>;
}

/**
 * `route` as `--operations` sends it: a route the description names (its method in capitals, a
 * path without its leading "/" given one, as gh api reads it); a concrete path
 * (`GET /pets/7`, as gh api, HTTPie and restish users type urls) as the described route whose
 * template it fits (`GET /pets/{petId}` with `petId` "7", percent-decoded, since the template
 * encodes it again). A path fits a template segment by segment: a literal segment as written, a
 * segment of one `{name}` (with a literal prefix or suffix, if any) as any non-empty text. As the
 * OpenAPI Paths object says, a template with more literal segments wins (`/pets/mine` over
 * `/pets/{id}`); two that fit equally are refused, naming both. A path that fits none is refused
 * with the closest described routes: sent by plain rules, its items would not go where the
 * description puts them.
 *
 * @example
 * ```ts
 * describedPath("GET /pets/7", ["GET /pets", "GET /pets/{petId}"], "api.yaml");
 * // { route: "GET /pets/{petId}", values: { petId: "7" } }
 * ```
 */
export function describedPath(route: string, routes: readonly string[], file: string): DescribedPath {
  const [method, written] = routeWords(route);
  // A path without its leading "/" (`pets/7`), as gh api reads it; escapes of unreserved
  // characters decoded (`%62` is `b`: RFC 3986 calls the two spellings one URI), so that the
  // rules below see the path a server routes.
  const url = unreservedDecoded(written.startsWith("/") || SCHEME.test(written) ? written : `/${written}`);
  if (!SCHEME.test(url) && !url.includes("{") && /[?#]/.test(url)) {
    // Folded into a path value, a query would move the request to another path (and
    // operation); as items it is checked like any other.
    throw new UsageError(
      `The path ${quote(url)} holds a query or a fragment: with --operations, give the query as items (name==value), and leave the fragment out (it is never sent).`,
    );
  }
  const key = `${method} ${url}`;
  if (routes.includes(key)) return { route: key, values: {} };
  const fits: { route: string; values: Record<string, string>; literals: number }[] = [];
  // Routes of other methods that the path fits: what a "did you mean" names first.
  const otherMethods: string[] = [];
  if (url.startsWith("/") && !url.includes("{")) {
    const segments = url.split("/");
    for (const described of routes) {
      const [describedMethod, template] = routeWords(described);
      const fit = fitTemplate(segments, template);
      if (fit === undefined) continue;
      if (describedMethod === method) fits.push({ route: described, ...fit });
      else otherMethods.push(described);
    }
  }
  const most = Math.max(...fits.map((fit) => fit.literals));
  const best = fits.filter((fit) => fit.literals === most);
  if (best.length === 1) {
    const [{ route: described, values }] = best as [(typeof best)[0]];
    return { route: described, values };
  }
  if (best.length > 1) {
    throw new UsageError(
      `The path ${quote(url)} fits ${best.map((fit) => quote(fit.route)).join(" and ")} of ${file} equally: write the route as one of them, with its parameters as items.`,
    );
  }
  const close = otherMethods.length > 0 ? otherMethods.slice(0, 3) : closestRoutes(key, routes);
  throw new UsageError(
    `Route ${quote(key)} is not described by ${file}.${close.length === 0 ? "" : ` Did you mean ${close.map(quote).join(" or ")}?`} Without --operations, it is sent as a plain route.`,
  );
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** `text` with each escape of an unreserved character (letters, digits, `-._~`) decoded. */
function unreservedDecoded(text: string): string {
  return text.replace(/%[\da-f]{2}/gi, (triplet) => {
    const char = String.fromCharCode(Number.parseInt(triplet.slice(1), 16));
    return /[\w.~-]/.test(char) ? char : triplet;
  });
}

/**
 * The method (in capitals; GET when the route is a url alone) and the url of a route.
 *
 * @example
 * ```ts
 * routeWords("get /pets"); // ["GET", "/pets"]
 * routeWords("/pets/7"); // ["GET", "/pets/7"]
 * ```
 */
export function routeWords(route: string): [method: string, url: string] {
  const words = route.trim().split(/[ \t]+/);
  return words.length === 1
    ? ["GET", words[0] as string]
    : [(words[0] as string).toUpperCase(), words[1] as string];
}

// A template segment that holds one simple expression: a literal prefix, `{name}`, a suffix.
const ONE_NAME = /^([^{}]*)\{([\w-](?:[\w.-]|%[\da-f]{2})*)\}([^{}]*)$/i;

/**
 * The values a concrete path's segments give a template, and how many of its segments are
 * literal; `undefined` when it does not fit (another length, another literal, an expression
 * other than a plain `{name}`).
 */
function fitTemplate(
  segments: readonly string[],
  template: string,
): { values: Record<string, string>; literals: number } | undefined {
  if (!template.startsWith("/")) return undefined;
  const parts = template.split("/");
  if (parts.length !== segments.length) return undefined;
  const values: Record<string, string> = Object.create(null);
  let literals = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const segment = segments[i] as string;
    if (!part.includes("{")) {
      if (part !== segment) return undefined;
      literals++;
      continue;
    }
    const match = ONE_NAME.exec(part);
    if (match === null) return undefined;
    const [, prefix = "", name = "", suffix = ""] = match;
    if (segment.length <= prefix.length + suffix.length) return undefined;
    if (!segment.startsWith(prefix) || !segment.endsWith(suffix)) return undefined;
    const value = decoded(segment.slice(prefix.length, segment.length - suffix.length));
    if (value === undefined || (Object.hasOwn(values, name) && values[name] !== value)) return undefined;
    values[name] = value;
  }
  return { values, literals };
}

/** Percent-decoded text; `undefined` for an escape that is no UTF-8. */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
