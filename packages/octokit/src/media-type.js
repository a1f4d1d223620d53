// Previews as octokit applies them: merged by replacement (a union only for `/graphql`), and
// turned into `accept` only for urls that end in `/graphql`.

/**
 * The merged `mediaType` in @octokit/endpoint's shape: `previews` only when the defaults or the
 * call gave some, or the call's url is `/graphql` (then the defaults' previews the call lacks,
 * followed by the call's, each without its first `-preview` and named once).
 *
 * @param {string} format
 * @param {readonly string[] | undefined} defaults
 * @param {readonly string[] | undefined} call
 * @param {boolean} graphql
 * @returns {{ format: string, previews?: string[] }}
 * @example
 * ```js
 * mergeMediaType("", ["a"], ["b"], false); // { format: "", previews: ["b"] }
 * mergeMediaType("", ["a"], ["b-preview"], true); // { format: "", previews: ["a", "b"] }
 * ```
 */
export function mergeMediaType(format, defaults, call, graphql) {
  if (!graphql) {
    const previews = call ?? defaults;
    return previews === undefined ? { format } : { format, previews: [...previews] };
  }
  // Compared and kept without "-preview", each once: octokit writes the stripped names back
  // into its defaults on the first /graphql call, so its later calls see them that way.
  const strip = (/** @type {string} */ preview) => preview.replace("-preview", "");
  const own = (call ?? []).map(strip);
  const given = new Set(own);
  const names = (defaults ?? []).map(strip).filter((preview) => !given.has(preview));
  return { format, previews: [...new Set(names.concat(own))] };
}

/**
 * Whether octokit applies previews to this url: its path ends in `/graphql`.
 *
 * @param {string} url
 * @returns {boolean}
 * @example
 * ```js
 * endsInGraphql("https://api.github.com/graphql"); // true
 * endsInGraphql("https://api.github.com/repos/o/r"); // false
 * ```
 */
export function endsInGraphql(url) {
  let end = url.indexOf("#");
  if (end === -1) end = url.length;
  const query = url.lastIndexOf("?", end);
  return url.slice(0, query === -1 ? end : query).endsWith("/graphql");
}

/**
 * The `accept` octokit sends to `/graphql` with previews: the previews already named in
 * `accept`, then the given ones, each `application/vnd.github.<name>-preview` with `.<format>`
 * or `+json`. Linear in the length of `accept`.
 *
 * @param {string} accept
 * @param {readonly string[]} previews
 * @param {string} format
 * @returns {string}
 * @example
 * ```js
 * previewAccept("application/vnd.github.v3+json", ["machine-man"], "");
 * // "application/vnd.github.machine-man-preview+json"
 * ```
 */
export function previewAccept(accept, previews, format) {
  const suffix = format ? `.${format}` : "+json";
  return previewsIn(accept)
    .concat(previews)
    .map((preview) => `application/vnd.github.${preview}-preview${suffix}`)
    .join(",");
}

/**
 * Preview names in an `accept` value: in each run of word characters and `-`, what comes
 * before its last `-preview`, when something does.
 *
 * @param {string} accept
 * @returns {string[]}
 * @example
 * ```js
 * previewsIn("application/vnd.github.squirrel-girl-preview+json"); // ["squirrel-girl"]
 * ```
 */
export function previewsIn(accept) {
  const names = [];
  for (const run of accept.split(/[^\w-]/)) {
    const at = run.lastIndexOf("-preview");
    if (at > 0) names.push(run.slice(0, at));
  }
  return names;
}
