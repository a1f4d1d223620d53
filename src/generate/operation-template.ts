import { sendsBody } from "../shared/http.js";
import type { OperationDraft, PlacedParameters } from "./read-parameter.js";
import { COLON_NAME } from "./read-parameters.js";
import type { RouteTypeSettings } from "./route-type-settings.js";

/**
 * A path key split at its fragment: the query goes before any fragment, since a path key such
 * as `/#Action=Send` names the operation, and fetch never sends what follows a "#".
 */
export function splitFragment(path: string): { readonly pathOnly: string; readonly fragment: string } {
  const hash = path.indexOf("#");
  return hash === -1
    ? { pathOnly: path, fragment: "" }
    : { pathOnly: path.slice(0, hash), fragment: path.slice(hash) };
}

/**
 * Writes the operation's url template from what its parameters placed, when it is not the
 * route's url itself: each path expression in its RFC 6570 form, the form-style query as one
 * `{?names}` expression (and in the route too, with `queryInRoute`, where a body may be sent).
 */
export function writeTemplate(
  model: OperationDraft,
  prefix: string,
  path: string,
  placed: PlacedParameters,
  method: string,
  options: RouteTypeSettings,
): void {
  const { pathOnly, fragment } = splitFragment(path);
  const { colonNames, expressions, formQuery } = placed;
  // A `/:name` no parameter declares is literal text: its colon is written percent-encoded,
  // so that the library does not read it as a placeholder.
  const literalPath =
    colonNames.size === 0
      ? pathOnly
      : pathOnly.replace(COLON_NAME, (whole, name: string) => (colonNames.has(name) ? `/%3A${name}` : whole));
  let template =
    expressions.size === 0
      ? prefix + literalPath
      : prefix +
        literalPath.replace(/\{([^{}]*)\}/g, (whole, name: string) => expressions.get(name) ?? whole);
  if (formQuery.length > 0) {
    // After a query the path key already holds (`/x?a=b`), the others join it.
    const expression = `{${pathOnly.includes("?") ? "&" : "?"}${formQuery.join(",")}}`;
    template += expression;
    if (options.queryInRoute === true && sendsBody(method)) model.url += expression;
  }
  template += fragment;
  if (template !== model.url) model.template = template;
}
