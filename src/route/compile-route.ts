import { BoundedCache, ownString, stringBytes } from "../shared/bounded-cache.js";
import { type CompiledTemplate, compileTemplate, type Part } from "../template/compile-template.js";
import type { RequestMethod } from "../types/request.js";
import { checkStray, parseRoute } from "./parse-route.js";
import { toRequestMethod } from "./request-method.js";

/**
 * A route url compiled once: the template program plus what building a request needs to know
 * of it, so a call reads its parameters and expands path and query in one pass.
 */
export interface UrlPlan extends CompiledTemplate {
  /** Each variable name's slot: tells consumed parameters from leftover ones in one lookup. */
  readonly slots: ReadonlyMap<string, number>;
  /** The parts that make the path, and the parts after it (query and fragment). */
  readonly pathParts: readonly Part[];
  readonly tailParts: readonly Part[];
  /** A `{+var}` in the path may put `?` or `#` in it, so the path end must be looked up. */
  readonly reservedInPath: boolean;
}

/** A route string compiled: its method as written and as sent, its url and the url's plan. */
export interface CompiledRoute {
  readonly method: string;
  readonly requestMethod: RequestMethod;
  readonly url: string;
  readonly plan: UrlPlan;
}

// Compiled routes, by the route string a caller gave (endpoint(), merge(), defaults()), and
// compiled urls, by the url of merged options (parse()): two caches, so a route string can never
// find an entry that skipped the route's checks. Four MB hold GitHub's whole API (about 1.8 MB).
const routes = new BoundedCache<CompiledRoute>(4 * 1024 * 1024);
const urls = new BoundedCache<UrlPlan>(1024 * 1024);

/** Compiles `"METHOD url"` (or a bare url, meaning GET), cached. */
export function compileRoute(given: string): CompiledRoute {
  let found = routes.get(given);
  if (found === undefined) {
    const route = ownString(given);
    const { method, url } = parseRoute(route);
    const plan = planUrl(url);
    found = routes.set(
      route,
      { method, requestMethod: toRequestMethod(method), url, plan },
      plan.bytes + 2 * stringBytes(route),
    );
  }
  return found;
}

/** Compiles a url template (RFC 6570 plus `-` in names and `:name` placeholders), cached. */
export function compileUrl(given: string): UrlPlan {
  let found = urls.get(given);
  if (found === undefined) {
    const url = ownString(given);
    checkStray(url, url, 0, true);
    const plan = planUrl(url);
    found = urls.set(url, plan, plan.bytes + stringBytes(url));
  }
  return found;
}

function planUrl(url: string): UrlPlan {
  const compiled = compileTemplate(url, { route: true });
  const { pathParts, tailParts, reservedInPath } = splitAtPathEnd(compiled.parts);
  // Every field written out in one literal: plans then share one hidden class, and the reads on
  // the hot path stay monomorphic (an object spread gave nearly every route its own).
  return {
    source: compiled.source,
    parts: compiled.parts,
    variableNames: compiled.variableNames,
    requiredSlots: compiled.requiredSlots,
    hasScheme: compiled.hasScheme,
    pathEndsWithSlash: compiled.pathEndsWithSlash,
    wholeSegments: compiled.wholeSegments,
    bytes: compiled.bytes,
    slots: new Map(compiled.variableNames.map((name, slot) => [name, slot])),
    pathParts,
    tailParts,
    reservedInPath,
  };
}

/**
 * A route's query goes before its fragment, as a request sends it (a client drops what follows
 * `#`): query expressions written after the fragment's start (`/#Action=Send{?Version}`, a
 * path key of AWS's) move to just before it. A route rule: the RFC 6570 engine alone writes
 * them where they stand.
 */
function queryBeforeFragment(tail: Part[]): Part[] {
  const start = tail.findIndex((part) =>
    typeof part === "string" ? part.includes("#") : part.operator.first === "#",
  );
  if (start === -1) return tail;
  const isQuery = (part: Part) =>
    typeof part !== "string" && (part.operator.first === "?" || part.operator.first === "&");
  const after = tail.slice(start + 1);
  const moved = after.filter(isQuery);
  if (moved.length === 0) return tail;
  const fragmentStart = tail[start] as Part;
  const before: Part[] = tail.slice(0, start);
  const fragment: Part[] = [fragmentStart];
  if (typeof fragmentStart === "string") {
    const hash = fragmentStart.indexOf("#");
    if (hash > 0) before.push(fragmentStart.slice(0, hash));
    fragment[0] = fragmentStart.slice(hash);
  }
  return [...before, ...moved, ...fragment, ...after.filter((part) => !isQuery(part))];
}

/** Splits the parts where the path ends: at a literal `?` or `#`, or a `{?`, `{&` or `{#` expression. */
function splitAtPathEnd(parts: readonly Part[]): Pick<UrlPlan, "pathParts" | "tailParts" | "reservedInPath"> {
  let reservedInPath = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part;
    if (typeof part === "string") {
      const query = part.indexOf("?");
      const hash = part.indexOf("#");
      const end = query === -1 ? hash : hash === -1 ? query : Math.min(query, hash);
      if (end === -1) continue;
      const pathParts = parts.slice(0, i);
      const tailParts = parts.slice(i + 1);
      if (end > 0) pathParts.push(part.slice(0, end));
      tailParts.unshift(part.slice(end));
      return { pathParts, tailParts: queryBeforeFragment(tailParts), reservedInPath };
    }
    const first = part.operator.first;
    if (!part.inPath || first === "?" || first === "&" || first === "#") {
      return { pathParts: parts.slice(0, i), tailParts: queryBeforeFragment(parts.slice(i)), reservedInPath };
    }
    if (part.operator.reserved) reservedInPath = true;
  }
  return { pathParts: parts, tailParts: [], reservedInPath };
}
