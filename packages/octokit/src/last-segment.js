// An empty value for a route's last path parameter: rest-endpoint drops the `/` it leaves at the
// end of the path, so `DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}` with
// `name: ""` would send `DELETE …/issues/1/labels`, GitHub's "remove all labels". Refused when
// the shortened route is an operation in shorter-routes.js; kept (octokit's shorter url)
// otherwise, so `contents/{path}` with `path: ""` still lists a repository's root.
import { expandTemplate } from "rest-endpoint/uri-template";
import { readSafely, refuse } from "./errors.js";
import { SHORTER_ROUTES } from "./shorter-routes.js";

/** @type {Map<string, string> | undefined} SHORTER_ROUTES by shape, built on first use. */
let byShape;

/**
 * A route's shape: the method uppercase, the path lowercase, every expression and `:name`
 * placeholder written `{}`.
 *
 * @param {string} method
 * @param {string} path
 * @returns {string}
 * @example
 * ```js
 * routeShape("delete", "/repos/:owner/{repo}/labels"); // "DELETE /repos/{}/{}/labels"
 * ```
 */
export function routeShape(method, path) {
  const shape = path.replace(/\{[^}]*\}/g, "{}").replace(/\/:[a-z_]\w*/gi, "/{}");
  return `${method.toUpperCase()} ${shape.toLowerCase()}`;
}

/**
 * The operation in SHORTER_ROUTES with this route's shape, as `[route, id]`.
 *
 * @param {string} method
 * @param {string} path
 * @returns {[string, string] | undefined}
 * @example
 * ```js
 * shorterOperation("DELETE", "/repos/{o}/{r}/issues/{n}/labels");
 * // ["DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels", "issues/remove-all-labels"]
 * ```
 */
export function shorterOperation(method, path) {
  if (byShape === undefined) {
    byShape = new Map();
    for (const route of Object.keys(SHORTER_ROUTES)) {
      const space = route.indexOf(" ");
      byShape.set(routeShape(route.slice(0, space), route.slice(space + 1)), route);
    }
  }
  const route = byShape.get(routeShape(method, path));
  return route === undefined ? undefined : [route, /** @type {string} */ (SHORTER_ROUTES[route])];
}

/**
 * @typedef {object} LastSegment
 * @property {string} path The route's path before its last segment, without scheme and host.
 * @property {string} expression The last segment as one RFC 6570 expression list, its
 *   variables renamed `v0`, `v1`, … (route names may hold `-`, which RFC 6570 names may not).
 * @property {string[]} names The variables' names in the route, in the order of `v0`, `v1`, ….
 */

/**
 * The last segment of a route url's path when it is made only of simple or `+` expressions
 * (`{name}`, `{+path}`, `{a}{b}`) or is a `:name` placeholder; `undefined` otherwise. The path
 * ends at the first `?`, `#`, `{?`, `{&` or `{#` outside an expression. Linear in the url.
 *
 * @param {string} url
 * @returns {LastSegment | undefined}
 * @example
 * ```js
 * lastSegment("/repos/{owner}/{repo}/issues/{issue_number}{?q}");
 * // { path: "/repos/{owner}/{repo}/issues", expression: "{v0}", names: ["issue_number"] }
 * ```
 */
export function lastSegment(url) {
  let end = url.length;
  let slash = -1;
  for (let i = 0; i < url.length; i++) {
    const c = url[i];
    if (c === "?" || c === "#") {
      end = i;
      break;
    }
    if (c === "/") slash = i;
    else if (c === "{") {
      const next = url[i + 1];
      if (next === "?" || next === "&" || next === "#") {
        end = i;
        break;
      }
      const close = url.indexOf("}", i);
      if (close === -1) return undefined;
      i = close;
    }
  }
  if (slash === -1) return undefined;
  const segment = url.slice(slash + 1, end);
  let path = url.slice(0, slash);
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i.exec(path);
  if (origin !== null) path = path.slice(origin[0].length).replace(/^\/api\/v3(?=\/|$)/i, "");
  const placeholder = /^:([a-z_]\w*)$/i.exec(segment);
  if (placeholder !== null)
    return { path, expression: "{v0}", names: [/** @type {string} */ (placeholder[1])] };
  if (!/^(?:\{[^{}]*\})+$/.test(segment)) return undefined;
  /** @type {string[]} */
  const names = [];
  let expression = "";
  for (const [, body = ""] of segment.matchAll(/\{([^{}]*)\}/g)) {
    const plus = body.startsWith("+") ? "+" : "";
    const list = body.slice(plus.length);
    // Other operators (`{/x}`, `{.x}`, `{;x}`) write their own prefix or make an optional part.
    if (/^[+#./;?&=,!@|]/.test(list)) return undefined;
    const specs = list.split(",").map((spec) => {
      const modifier = /(?:\*|:\d+)$/.exec(spec)?.[0] ?? "";
      names.push(spec.slice(0, spec.length - modifier.length));
      return `v${names.length - 1}${modifier}`;
    });
    expression += `{${plus}${specs.join(",")}}`;
  }
  return { path, expression, names };
}

/**
 * Refuses merged options (a copy, `{origin}` settled, already built by rest-endpoint) whose
 * route ends in a path parameter that expands to nothing when the route without that segment
 * is an operation in SHORTER_ROUTES: the request would reach that operation instead.
 *
 * @param {Record<string, unknown>} options
 * @param {string} method the request's method
 * @returns {void}
 * @example
 * ```js
 * refuseShorterRoute({ url: "/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}", owner: "o", repo: "r", issue_number: 1, name: "" }, "DELETE");
 * // throws EndpointError invalid_parameter: … "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels" …
 * ```
 */
export function refuseShorterRoute(options, method) {
  const url = options.url;
  if (typeof url !== "string") return;
  const last = lastSegment(url);
  if (last === undefined) return;
  const other = shorterOperation(method, last.path);
  if (other === undefined) return;
  const params = options.$params;
  /** @type {Record<string, unknown>} */
  const values = {};
  readSafely(() => {
    last.names.forEach((name, i) => {
      const own = params !== null && typeof params === "object" && Object.hasOwn(params, name);
      values[`v${i}`] = own ? /** @type {Record<string, unknown>} */ (params)[name] : options[name];
    });
  });
  if (expandTemplate(last.expression, values) !== "") return;
  const names = last.names.map((name) => `"${name}"`).join(", ");
  throw refuse(
    "invalid_parameter",
    `${last.names.length > 1 ? "Parameters" : "Parameter"} ${names} of route "${method.toUpperCase()} ${url}" is empty, which would drop the path's last segment and send the request to "${other[0]}", another operation of GitHub's REST API (${other[1]}): give a non-empty value.`,
  );
}
