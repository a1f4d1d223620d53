/** Text from the description, safe in a `//` or `/** *\/` comment: one line, no comment end. */
export function comment(text: string): string {
  // JSON leaves U+2028 and U+2029 as they are, and both end a line in JavaScript and TypeScript.
  return JSON.stringify(text)
    .slice(1, -1)
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029")
    .replaceAll("*/", "*\\/");
}
