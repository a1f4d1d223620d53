import { asEndpointError, EndpointError } from "../errors/endpoint-error.js";
import { readOwn } from "../errors/read-own.js";
import { BoundedCache, ownString } from "../shared/bounded-cache.js";
import { type CompiledTemplate, compileTemplate } from "./compile-template.js";
import { expandParts } from "./expand-template.js";
import { readValue } from "./template-value.js";

export type { EndpointErrorCode } from "../errors/endpoint-error.js";
export { EndpointError } from "../errors/endpoint-error.js";

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

// Compiled templates; each parseTemplate call wraps one in a fresh object, so whether a
// template was cached cannot be told (not even by identity).
const cache = new BoundedCache<CompiledTemplate>(1024 * 1024);

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
    throw new EndpointError(
      "invalid_template",
      __DEV__ ? `A URI template must be a string, got ${typeof template}.` : "",
    );
  }
  let compiled = cache.get(template);
  if (compiled === undefined) {
    let text: string;
    try {
      text = ownString(template);
      compiled = compileTemplate(text);
    } catch (error) {
      throw asEndpointError(error);
    }
    cache.set(text, compiled, compiled.bytes);
  }
  return toUriTemplate(compiled);
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
  const names = compiled.variableNames;
  return Object.freeze({
    template: compiled.source,
    variableNames: Object.freeze(compiled.variableNames.slice()),
    expand(values?: object): string {
      // Every slot present (no holes): a read never reaches a polluted Array.prototype.
      if (values === undefined)
        return expandParts(
          parts,
          names.map(() => undefined),
        );
      if (typeof values !== "object" || values === null) {
        throw new EndpointError(
          "invalid_options",
          __DEV__
            ? `Template values must be an object such as { name: "value" }, got ${values === null ? "null" : typeof values}.`
            : "",
        );
      }
      // Own properties only, each read once, and only the template's own names: a polluted
      // prototype adds nothing to the URL.
      const read = readOwn(values, names, __DEV__ ? "the template values" : "");
      try {
        for (let i = 0; i < read.length; i++) read[i] = readValue(read[i], names[i] as string);
        return expandParts(parts, read);
      } catch (error) {
        throw asEndpointError(error);
      }
    },
  });
}
