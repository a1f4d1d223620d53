/**
 * `url` (or the tail of one, `?query#fragment`, either part optional) with `query` joined to its
 * query: after a `&`, or a `?` if it has none, and before any `#fragment`.
 */
export function withQuery(url: string, query: string): string {
  if (query === "") return url;
  const hash = url.indexOf("#");
  const head = hash === -1 ? url : url.slice(0, hash);
  return `${head}${head.includes("?") ? "&" : "?"}${query}${hash === -1 ? "" : url.slice(hash)}`;
}
