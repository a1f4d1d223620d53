/**
 * A host as letters, digits, `-`, `_` and `.` (or an IPv6 literal in brackets), with an optional
 * port. Linear: each label ends at a `.`.
 */
const PLAIN_HOST = /^(?:[\w-]+(?:\.[\w-]+)*\.?|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether every URL parser reads `host` (the text between `//` and the path) as the same host,
 * and a reader sees which: the host is plain (no userinfo, `https://api.github.com@evil.example`
 * goes to evil.example; no percent-escape, which the WHATWG parser decodes and others keep; no
 * `;`, where some end it) and the WHATWG parser writes it as given, lowercased (so no number it
 * would read as an IPv4 address in another notation: `0x7f.1`, `2130706433`, `0177.0.0.1`).
 * `hostname`: the WHATWG parser's reading of it, when the caller has parsed the URL already.
 */
export function isPlainHost(host: string, hostname?: string): boolean {
  if (!PLAIN_HOST.test(host)) return false;
  try {
    return (hostname ?? new URL(`http://${host}/`).hostname) === host.replace(/:\d+$/, "").toLowerCase();
  } catch {
    return false;
  }
}
