// `mediaType.format` and `mediaType.previews` rewrite the `accept` header (docs/reference.md, `mediaType`).
// The reference library's regular expression over this header was a ReDoS advisory
// (GHSA-x4c5-c7rf-jjgv): the expressions here run on one comma-separated part at a time, are
// anchored, and each repeated piece stops at the character that must start the next (a `.`, `+`
// or white space), so backtracking gives back one character at a time: linear time.
import { EndpointError } from "../errors/endpoint-error.js";

/** Longer than any server takes (most refuse headers past 8 to 16 KiB). */
const MAX_ACCEPT = 64 * 1024;

/**
 * A part the format rewrites, white space around it kept: `application/vnd.<vendor>`, an
 * optional `.v<digits>` version (both kept), more `.<segment>`s and an optional `+json` (both
 * replaced). A segment is not empty and holds no white space, `;`, `,` or `+`: parameters
 * (`;q=0.9`) mean this is not the plain form the rule rewrites. Lowercase only (checked apart).
 */
const FORMATTABLE = /^(\s*application\/vnd\.[^.\s;,+]+(?:\.v\d+)?)(?:\.[^.\s;,+]+)*(?:\+json)?(\s*)$/;
/** The vendor of an `application/vnd.<vendor>` part: up to a `.`, `+`, `;`, space or tab. */
const VENDOR = /^application\/vnd\.([^.+; \t]+)/;

function checkLength(length: number): void {
  if (length > MAX_ACCEPT) {
    throw new EndpointError(
      "invalid_header",
      __DEV__
        ? `mediaType would make an accept header of about ${length} characters, more than the ${MAX_ACCEPT} any server takes: send fewer or shorter previews, or a shorter accept.`
        : "",
      { header: "accept", option: "mediaType" },
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
  const parts = accept.split(",");
  if (previews.length > 0) {
    // The vendor of the first vendor part, else github.
    const vendor = parts.map((part) => VENDOR.exec(part.trim())?.[1]).find((found) => found !== undefined);
    const prefix = `application/vnd.${vendor ?? "github"}.`;
    const suffix = format === "" ? "+json" : `.${format}`;
    // Each preview repeats the vendor and the format: their product could be huge, so the
    // header's length is known, and refused past the limit, before it is written.
    let length = 0;
    for (const preview of previews) length += prefix.length + preview.length + suffix.length + 9;
    checkLength(length);
    // "a" and "a-preview" name one preview: its media type is sent once.
    const types = previews.map(
      (preview) => `${prefix}${preview.endsWith("-preview") ? preview : `${preview}-preview`}${suffix}`,
    );
    return [...new Set(types)].join(",");
  }
  if (format === "") return accept;
  // Each vendor part gets the format: at most the parts times the format, checked first.
  checkLength(accept.length + parts.length * (format.length + 1));
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const match = FORMATTABLE.exec(part);
    if (match !== null && part === part.toLowerCase()) parts[i] = `${match[1]}.${format}${match[2]}`;
  }
  return parts.join(",");
}
