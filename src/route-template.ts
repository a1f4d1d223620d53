import { BoundedCache } from "./bounded-cache.js";
import { type CompiledTemplate, compileTemplate, type Part } from "./compile-template.js";

/** A route url compiled once: the template program plus what parse needs to know of it. */
export interface RouteTemplate extends CompiledTemplate {
  /** Every variable name, for telling consumed parameters from leftover ones. */
  readonly variableSet: ReadonlySet<string>;
  /** The parts that make the path, and the parts after it (query and fragment). */
  readonly pathParts: readonly Part[];
  readonly tailParts: readonly Part[];
  /** A `{+var}` in the path may put `?` or `#` in it, so the path end must be looked up. */
  readonly reservedInPath: boolean;
}

const cache = new BoundedCache<RouteTemplate>(2000);

/** Compiles a route url (RFC 6570 plus `-` in names and `:name` placeholders), cached. */
export function compileRoute(url: string): RouteTemplate {
  let route = cache.get(url);
  if (route === undefined) {
    const compiled = compileTemplate(url, { route: true });
    route = cache.set(url, {
      ...compiled,
      variableSet: new Set(compiled.variableNames),
      ...splitAtPathEnd(compiled.parts),
    });
  }
  return route;
}

/** Splits the parts where the path ends: at a literal `?` or `#`, or a `{?`, `{&` or `{#` expression. */
function splitAtPathEnd(
  parts: readonly Part[],
): Pick<RouteTemplate, "pathParts" | "tailParts" | "reservedInPath"> {
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
      return { pathParts, tailParts, reservedInPath };
    }
    const first = part.operator.first;
    if (!part.inPath || first === "?" || first === "&" || first === "#") {
      return { pathParts: parts.slice(0, i), tailParts: parts.slice(i), reservedInPath };
    }
    if (part.operator.reserved) reservedInPath = true;
  }
  return { pathParts: parts, tailParts: [], reservedInPath };
}
