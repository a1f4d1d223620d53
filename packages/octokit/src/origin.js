// `{origin}` routes (`POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}`):
// without an origin the path joins `baseUrl`, as with @octokit/endpoint; a given origin must be
// the builder's API base or its uploads base, so a forwarded value never moves the request.
import { refuse } from "./errors.js";

const ORIGIN = "{origin}";

/**
 * The bases a builder with this `baseUrl` names: itself and its counterpart, api.github.com and
 * uploads.github.com, or a GitHub Enterprise Server's `/api/v3` and `/api/uploads`.
 *
 * @param {string} baseUrl
 * @returns {string[]}
 * @example
 * ```js
 * namedBases("https://ghe.example/api/v3"); // ["https://ghe.example/api/v3", "https://ghe.example/api/uploads"]
 * ```
 */
export function namedBases(baseUrl) {
  const base = withoutTrailingSlashes(baseUrl);
  const lower = base.toLowerCase();
  if (lower === "https://api.github.com") return [base, "https://uploads.github.com"];
  if (lower === "https://uploads.github.com") return [base, "https://api.github.com"];
  if (lower.endsWith("/api/v3")) return [base, `${base.slice(0, -"/api/v3".length)}/api/uploads`];
  if (lower.endsWith("/api/uploads")) return [base, `${base.slice(0, -"/api/uploads".length)}/api/v3`];
  return [base];
}

/**
 * Settles a route that starts with `{origin}` in a copy of merged options: the url loses the
 * expression, `origin` is consumed and, when given, becomes `baseUrl` (as the builder spells
 * it). An origin the builder does not name is `invalid_parameter`. Other urls are left alone.
 *
 * @param {Record<string, unknown>} options a copy of merged options, changed in place
 * @returns {void}
 * @example
 * ```js
 * const options = { baseUrl: "https://api.github.com", url: "{origin}/repos/o/r", origin: "https://uploads.github.com" };
 * settleOrigin(options);
 * options.baseUrl; // "https://uploads.github.com"
 * options.url; // "/repos/o/r"
 * ```
 */
export function settleOrigin(options) {
  const url = options.url;
  if (typeof url !== "string" || !url.startsWith(ORIGIN)) return;
  const origin = options.origin;
  options.url = url.slice(ORIGIN.length);
  options.origin = undefined;
  if (origin === undefined || origin === null || origin === "") return;
  const bases = typeof options.baseUrl === "string" ? namedBases(options.baseUrl) : [];
  const wanted = typeof origin === "string" ? withoutTrailingSlashes(origin).toLowerCase() : undefined;
  const base = bases.find((candidate) => candidate.toLowerCase() === wanted);
  if (base === undefined) {
    throw refuse(
      "invalid_parameter",
      `Parameter "origin" of route "${url}" must be one of ${bases.map((b) => `"${b}"`).join(", ") || "the builder's baseUrl"}: an origin never moves a request to a host the builder does not name. Leave it out to use baseUrl.`,
    );
  }
  options.baseUrl = base;
}

/**
 * `url` without the slashes it ends with (a loop, not a pattern, so linear in its length).
 *
 * @param {string} url
 * @returns {string}
 * @example
 * ```js
 * withoutTrailingSlashes("https://uploads.github.com/"); // "https://uploads.github.com"
 * ```
 */
export function withoutTrailingSlashes(url) {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 47) end--;
  return url.slice(0, end);
}
