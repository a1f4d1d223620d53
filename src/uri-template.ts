import { BoundedCache } from "./bounded-cache.js";
import { type CompiledTemplate, compileTemplate } from "./compile-template.js";
import { EndpointError } from "./endpoint-error.js";
import { expandParts } from "./expand-template.js";

export type { EndpointErrorCode } from "./endpoint-error.js";
export { EndpointError } from "./endpoint-error.js";

/** A parsed RFC 6570 template: compiled once, expanded many times. */
export interface UriTemplate {
  /** The template text as given. */
  readonly template: string;
  /** Every variable name, once, in order of first appearance. */
  readonly variableNames: readonly string[];
  /**
   * Expands the template. Values may be strings, numbers, bigints, booleans, dates, arrays of
   * those (lists) and plain objects of those (associative arrays); `null` and `undefined` are
   * undefined.
   */
  expand(values?: object): string;
}

const cache = new BoundedCache<UriTemplate>(1000);

/**
 * Parses an RFC 6570 level 4 URI template. Invalid templates throw an `EndpointError` with
 * code `invalid_template` and the `index` of the fault; invalid values throw
 * `invalid_parameter` from `expand`.
 *
 * @example
 * ```ts
 * import { parseTemplate } from "rest-endpoint/uri-template";
 * const t = parseTemplate("/repos/{owner}/{repo}/issues{?state,labels}");
 * t.variableNames; // ["owner", "repo", "state", "labels"]
 * t.expand({ owner: "o", repo: "r", labels: ["a", "b"] }); // "/repos/o/r/issues?labels=a,b"
 * ```
 */
export function parseTemplate(template: string): UriTemplate {
  if (typeof template !== "string") {
    throw new EndpointError("invalid_template", `A URI template must be a string, got ${typeof template}.`);
  }
  return (
    cache.get(template) ?? cache.set(template, toUriTemplate(compileTemplate(template, { route: false })))
  );
}

/**
 * Expands an RFC 6570 template in one call; the compiled template is cached.
 *
 * @example
 * ```ts
 * expandTemplate("{/path*}{?q}", { path: ["a", "b c"], q: "x" }); // "/a/b%20c?q=x"
 * ```
 */
export function expandTemplate(template: string, values?: object): string {
  return parseTemplate(template).expand(values);
}

function toUriTemplate(compiled: CompiledTemplate): UriTemplate {
  const { parts } = compiled;
  return Object.freeze({
    template: compiled.source,
    variableNames: Object.freeze(compiled.variableNames.slice()),
    expand(values?: object): string {
      if (values === undefined) return expandParts(parts, {});
      if (typeof values !== "object" || values === null) {
        throw new EndpointError(
          "invalid_options",
          `Template values must be an object such as { name: "value" }, got ${values === null ? "null" : typeof values}.`,
        );
      }
      return expandParts(parts, values);
    },
  });
}
