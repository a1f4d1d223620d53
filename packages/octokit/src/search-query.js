// @octokit/endpoint writes a `q` left for the query with its `+` kept, so GitHub's search reads
// `repo:o/r+is:open` as two terms. rest-endpoint encodes `+` as `%2B`, a literal plus; a space
// means what octokit's `+` means, and rest-endpoint writes it as `%20`.

/**
 * Whether a url template uses the variable `name`, in an expression or as a `:name` segment.
 * Linear in the length of `url`.
 *
 * @param {string} url
 * @param {string} name
 * @returns {boolean}
 * @example
 * ```js
 * usesVariable("/search/issues{?q,page}", "q"); // true
 * usesVariable("/search/issues", "q"); // false
 * ```
 */
export function usesVariable(url, name) {
  if (url.includes(`/:${name}`)) return true;
  let open = url.indexOf("{");
  while (open !== -1) {
    const close = url.indexOf("}", open);
    if (close === -1) return false;
    for (const spec of url.slice(open + 1, close).split(",")) {
      if (variableName(spec) === name) return true;
    }
    open = url.indexOf("{", close);
  }
  return false;
}

/**
 * A variable spec's name: without an operator before it and `*` or `:N` after it.
 *
 * @param {string} spec
 * @returns {string}
 * @example
 * ```js
 * variableName("?q:3"); // "q"
 * ```
 */
function variableName(spec) {
  const start = /^[+#./;?&]/.test(spec) ? 1 : 0;
  const colon = spec.indexOf(":");
  const end = spec.endsWith("*") ? spec.length - 1 : colon === -1 ? spec.length : colon;
  return spec.slice(start, end);
}

/**
 * In a copy of merged options of a GET or HEAD, a string `q` left for the query gets spaces
 * for its `+` separators, the request octokit sends. Other options are left alone.
 *
 * @param {Record<string, unknown>} options changed in place
 * @returns {void}
 * @example
 * ```js
 * const options = { method: "GET", url: "/search/issues", q: "repo:o/r+is:open" };
 * spaceSearchTerms(options);
 * options.q; // "repo:o/r is:open"
 * ```
 */
export function spaceSearchTerms(options) {
  const { q, method, url } = options;
  if (typeof q !== "string" || !q.includes("+") || typeof url !== "string") return;
  if (typeof method !== "string" || !["GET", "HEAD"].includes(method.toUpperCase())) return;
  if (!usesVariable(url, "q")) options.q = q.replaceAll("+", " ");
}
