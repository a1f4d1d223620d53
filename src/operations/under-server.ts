/** Whether `url` is under `server` (its `{variables}` standing for any text of one segment). */
export function underServer(url: string, server: string): boolean {
  let at = 0;
  const parts = server.split(/\{[^{}]*\}/);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (i === 0) {
      if (!url.startsWith(part)) return false;
      at = part.length;
      continue;
    }
    // A variable: text up to the next literal part, within one host or path segment; a
    // variable that ends the server (`https://{host}`) takes the rest of its segment.
    const next = part === "" && i === parts.length - 1 ? segmentEnd(url, at) : url.indexOf(part, at);
    if (next === -1 || /[/?#@\\]/.test(url.slice(at, next))) return false;
    at = next + part.length;
  }
  // The server's path ends at a segment boundary: `/v1` does not take `/v10`.
  return at === url.length || "/?#".includes(url[at] as string) || server.endsWith("/");
}

/** Where the host or path segment that starts at `at` ends: the next `/`, `?` or `#`, or the end. */
function segmentEnd(url: string, at: number): number {
  let end = at;
  while (end < url.length && !"/?#".includes(url[end] as string)) end++;
  return end;
}
