import { BoundedCache } from "./bounded-cache.js";
import { type CompiledTemplate, compileTemplate } from "./compile-template.js";

/** A route url compiled once: the template program plus what parse needs to know of it. */
export interface RouteTemplate extends CompiledTemplate {
  /** Every variable name, for telling consumed parameters from leftover ones. */
  readonly variableSet: ReadonlySet<string>;
}

const cache = new BoundedCache<RouteTemplate>(2000);

/** Compiles a route url (RFC 6570 plus `-` in names and `:name` placeholders), cached. */
export function compileRoute(url: string): RouteTemplate {
  let route = cache.get(url);
  if (route === undefined) {
    const compiled = compileTemplate(url, { route: true });
    route = cache.set(url, { ...compiled, variableSet: new Set(compiled.variableNames) });
  }
  return route;
}
