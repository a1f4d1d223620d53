// `mediaType.format` and `mediaType.previews` rewrite the `accept` header (SPEC section 4).
// Parsed with plain string operations: the reference library's regular expression over this
// header was a ReDoS advisory (GHSA-x4c5-c7rf-jjgv).

const VND = "application/vnd.";

/**
 * The `accept` header for a format and previews.
 *
 * @example
 * ```ts
 * applyMediaType("application/vnd.github.v3+json", "raw", []); // "application/vnd.github.v3.raw"
 * applyMediaType("application/vnd.github.v3+json", "", ["squirrel-girl"]);
 * // "application/vnd.github.squirrel-girl-preview+json"
 * ```
 */
export function applyMediaType(accept: string, format: string, previews: readonly string[]): string {
  if (previews.length > 0) {
    const vendor = firstVendor(accept);
    const suffix = format === "" ? "+json" : `.${format}`;
    let out = "";
    for (const preview of previews) {
      const name = preview.endsWith("-preview") ? preview : `${preview}-preview`;
      out += `${out === "" ? "" : ","}${VND}${vendor}.${name}${suffix}`;
    }
    return out;
  }
  if (format === "") return accept;
  const parts = accept.split(",");
  for (let i = 0; i < parts.length; i++) {
    const part = (parts[i] as string).trim();
    parts[i] = withFormat(part, format) ?? part;
  }
  return parts.join(",");
}

/** `application/vnd.<vendor>[.v<digits>][.<anything>][+json]` with its format replaced, or undefined. */
function withFormat(part: string, format: string): string | undefined {
  if (!part.startsWith(VND)) return undefined;
  let rest = part.slice(VND.length);
  if (rest.endsWith("+json")) rest = rest.slice(0, -5);
  const segments = rest.split(".");
  const vendor = segments[0] ?? "";
  if (!isName(vendor)) return undefined;
  for (let i = 1; i < segments.length; i++) if (!isName(segments[i] ?? "")) return undefined;
  const version = segments[1] !== undefined && isVersion(segments[1]) ? `.${segments[1]}` : "";
  return `${VND}${vendor}${version}.${format}`;
}

function firstVendor(accept: string): string {
  for (const raw of accept.split(",")) {
    const part = raw.trim();
    if (!part.startsWith(VND)) continue;
    let end = VND.length;
    while (end < part.length && isNameCode(part.charCodeAt(end))) end++;
    if (end > VND.length) return part.slice(VND.length, end);
  }
  return "github";
}

/** Lowercase letters, digits and `-`, at least one. */
function isName(text: string): boolean {
  if (text === "") return false;
  for (let i = 0; i < text.length; i++) if (!isNameCode(text.charCodeAt(i))) return false;
  return true;
}

function isNameCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45;
}

function isVersion(text: string): boolean {
  if (text.length < 2 || text.charCodeAt(0) !== 118) return false;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
