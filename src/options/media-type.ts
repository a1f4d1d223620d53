// `mediaType.format` and `mediaType.previews` rewrite the `accept` header (docs/reference.md, `mediaType`).
// Parsed with plain string operations: the reference library's regular expression over this
// header was a ReDoS advisory (GHSA-x4c5-c7rf-jjgv).
import { EndpointError } from "../endpoint-error.js";

const VND = "application/vnd.";
/** Longer than any server takes (most refuse headers past 8 to 16 KiB). */
const MAX_ACCEPT = 64 * 1024;

function checkLength(length: number): void {
  if (length > MAX_ACCEPT) {
    throw new EndpointError(
      "invalid_header",
      __DEV__
        ? `mediaType would make an accept header of about ${length} characters, more than the ${MAX_ACCEPT} any server takes: send fewer or shorter previews, or a shorter accept.`
        : "accept",
    );
  }
}

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
    // Each preview repeats the vendor and the format: their product could be huge, so the
    // header's length is known, and refused past the limit, before it is written.
    let length = 0;
    for (let i = 0; i < previews.length; i++) {
      length += VND.length + vendor.length + (previews[i] as string).length + suffix.length + 10;
    }
    checkLength(length);
    const types = new Set<string>();
    for (const preview of previews) {
      // "a" and "a-preview" name one preview: its media type is sent once.
      types.add(`${VND}${vendor}.${preview.endsWith("-preview") ? preview : `${preview}-preview`}${suffix}`);
    }
    return [...types].join(",");
  }
  if (format === "") return accept;
  const parts = accept.split(",");
  // Each vendor part gets the format: at most the parts times the format, checked first.
  checkLength(accept.length + parts.length * (format.length + 1));
  for (let i = 0; i < parts.length; i++) {
    const raw = parts[i] as string;
    const part = raw.trim();
    const formatted = withFormat(part, format);
    // Only the media type changes: the white space around it stays as written.
    if (formatted !== undefined) {
      const start = raw.length - raw.trimStart().length;
      parts[i] = raw.slice(0, start) + formatted + raw.slice(start + part.length);
    }
  }
  return parts.join(",");
}

/** `application/vnd.<vendor>[.v<digits>][.<anything>][+json]` with its format replaced, or undefined. */
function withFormat(part: string, format: string): string | undefined {
  if (!part.startsWith(VND) || part !== part.toLowerCase()) return undefined;
  let rest = part.slice(VND.length);
  if (rest.endsWith("+json")) rest = rest.slice(0, -5);
  const segments = rest.split(".");
  const vendor = segments[0] as string;
  // Parameters (`;q=0.9`) and white space mean this is not the plain form the rule rewrites.
  for (const segment of segments) if (segment === "" || /[\s;,+]/.test(segment)) return undefined;
  const version = segments.length > 1 && isVersion(segments[1] as string) ? `.${segments[1]}` : "";
  return `${VND}${vendor}${version}.${format}`;
}

/** The vendor of the first `application/vnd.<vendor>` part: up to a `.`, `+`, `;` or the end. */
function firstVendor(accept: string): string {
  for (const raw of accept.split(",")) {
    const part = raw.trim();
    if (!part.startsWith(VND)) continue;
    let end = VND.length;
    while (end < part.length && !".+; \t".includes(part[end] as string)) end++;
    if (end > VND.length) return part.slice(VND.length, end);
  }
  return "github";
}

function isVersion(text: string): boolean {
  if (text.length < 2 || text.charCodeAt(0) !== 118) return false;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
