/**
 * Nesting refused before `yaml` reads it. `yaml` reads nesting recursively: past about 800
 * levels the stack overflows inside it, and near that limit the engine may fail for good
 * instead of throwing (a regular expression compiled there aborts the whole process, "RegExp
 * compiler allocation failed"). So the stack is never allowed near it.
 */
export const MAX_NESTING = 720;

/**
 * An upper bound on how deep `text` nests, in one pass: open flow brackets, plus, outside
 * them, a line's indentation and the indicators on it that can each open a level (`- `, `? `,
 * `: `, and one at the end of the line). Quotes and comments are not told apart: text holding
 * hundreds of brackets or indicators on one line is counted as nesting.
 */
export function nestingBound(text: string): number {
  let flow = 0;
  let indent = 0;
  let indicators = 0;
  let lineStart = true;
  let most = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      lineStart = true;
      indent = 0;
      indicators = 0;
      continue;
    }
    if (lineStart && code === 32) {
      indent++;
      continue;
    }
    lineStart = false;
    if (code === 91 || code === 123) flow++;
    else if ((code === 93 || code === 125) && flow > 0) flow--;
    else if (flow === 0 && (code === 45 || code === 58 || code === 63)) {
      const next = text.charCodeAt(i + 1);
      if (next === 32 || next === 10 || next === 13 || Number.isNaN(next)) indicators++;
    }
    most = Math.max(most, flow + indent + indicators);
  }
  return most;
}
