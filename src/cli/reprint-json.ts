// JSON printed again from its own text, token by token, never through a JavaScript value: a
// number keeps its digits (9007199254740993, 1.10), depth costs no stack, and on a terminal a
// string's control characters become escapes of the same string.
import { escapeControls } from "./escape-controls.js";

/** Levels indented at most: deeper, each line would be longer than a screen, and the whole quadratic. */
const MAX_INDENTED = 100;

/** How JSON is printed again. */
export interface Reprint {
  /** Spaces per level; without, the text is compact. */
  readonly indent?: number;
  /** Spaces before every line after the first (an item inside an open list). */
  readonly margin?: string;
  /** Escape the characters that drive a terminal (C1, DEL, bidi controls) inside strings. */
  readonly escape?: boolean;
}

/**
 * `text`, valid JSON (the caller parsed it), printed again as `how` says: compact or indented
 * as `JSON.stringify(value, null, indent)` would, with every number and string as written.
 *
 * @example
 * ```ts
 * reprintJson('[ {"id": 9007199254740993} ]'); // '[{"id":9007199254740993}]'
 * ```
 */
export function reprintJson(text: string, how: Reprint = {}): string {
  const { indent, margin = "", escape: escaped = false } = how;
  let out = "";
  let depth = 0;
  /** An opening bracket not yet written: `[]` and `{}` print on one line. */
  let open = "";
  // A line break inside a container of level `inside` (its items are at that depth), when
  // that level is indented, followed by the indentation of `level`.
  const newline = (level: number, inside = level): string =>
    indent === undefined || inside > MAX_INDENTED ? "" : `\n${margin}${" ".repeat(indent * level)}`;
  for (let i = 0; i < text.length; ) {
    const char = text[i] as string;
    if (char === " " || char === "\n" || char === "\r" || char === "\t") {
      i++;
      continue;
    }
    let token: string;
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      token = text.slice(i, end + 1);
      if (escaped) token = escapeControls(token);
      i = end + 1;
    } else if ("{}[],:".includes(char)) {
      token = char;
      i++;
    } else {
      let end = i + 1;
      while (end < text.length && !' \n\r\t{}[],:"'.includes(text[end] as string)) end++;
      token = text.slice(i, end);
      i = end;
    }
    if (open !== "") {
      out += token === "]" || token === "}" ? `${open}${token}` : `${open}${newline(depth)}`;
      open = "";
      if (token === "]" || token === "}") {
        depth--;
        continue;
      }
    }
    if (token === "[" || token === "{") {
      open = token;
      depth++;
    } else if (token === "]" || token === "}") {
      depth--;
      out += `${newline(depth, depth + 1)}${token}`;
    } else if (token === ",") {
      out += `,${newline(depth)}`;
    } else if (token === ":") {
      out += indent === undefined ? ":" : ": ";
    } else {
      out += token;
    }
  }
  return out + open;
}

/**
 * The text of each item of `text`, a JSON array (the caller parsed it), as written, or
 * `undefined` when `text` is no array.
 *
 * @example
 * ```ts
 * jsonArrayItems('[1.10, {"a": [2]}]'); // ["1.10", '{"a": [2]}']
 * ```
 */
export function jsonArrayItems(text: string): string[] | undefined {
  const start = text.search(/\S/);
  if (text[start] !== "[") return undefined;
  const items: string[] = [];
  let depth = 0;
  let from = start + 1;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    } else if (char === "[" || char === "{") {
      depth++;
    } else if (char === "]" || char === "}") {
      depth--;
      if (depth === 0) {
        const last = text.slice(from, i).trim();
        if (last !== "") items.push(last);
        break;
      }
    } else if (char === "," && depth === 1) {
      items.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  return items;
}
