// One command-line item, read the way HTTPie reads it: the first unescaped separator decides
// what the item is, and a backslash makes the separator character after it literal.

/** What an item sets. */
export type ItemKind =
  /** `name=value`: a string parameter. */
  | "string"
  /** `name:=json`: a parameter of any JSON type. */
  | "json"
  /** `name=@file`: a string parameter read from a file. */
  | "string-file"
  /** `name:=@file`: a JSON parameter read from a file. */
  | "json-file"
  /** `name==value`: a query parameter, on every method. */
  | "query"
  /** `Header:value`, or `Header:` to remove a header. */
  | "header"
  /** `Header;`: a header with an empty value. */
  | "empty-header";

export interface Item {
  readonly kind: ItemKind;
  /** The name with escapes resolved and, for parameters, without a trailing `[]`. */
  readonly name: string;
  /** The text after the separator (a path for the file kinds), escapes resolved but in JSON. */
  readonly value: string;
  /** gh's `name[]=value`: the value is appended to the list `name`. */
  readonly append: boolean;
}

/** Separators, the longer first where one starts another. */
const SEPARATORS: readonly [string, ItemKind][] = [
  [":=@", "json-file"],
  [":=", "json"],
  ["==", "query"],
  ["=@", "string-file"],
  ["=", "string"],
  [":", "header"],
  [";", "empty-header"],
];

/** Characters a backslash makes literal: the separators', the brackets of `[]`, and itself. */
const ESCAPABLE = "=:;@[]\\";

/**
 * Reads an item such as `owner=octokit`, `per_page:=100`, `body=@notes.md`, `state==open`,
 * `labels[]=bug` or `Accept:application/json`; `undefined` when it has no separator after a
 * non-empty name. A backslash before one of `=:;@[]\` makes that character literal
 * (`a\=b=c` is the parameter `a=b`, `text=\@me` the string `@me`); before any other character
 * it stays a backslash. A `name:=json` value is taken as written: JSON has escapes of its own.
 */
export function readItem(text: string): Item | undefined {
  let name = "";
  // Where the name's escaped characters end, so that `a\[\]=x` keeps its brackets.
  let literalEnd = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "\\" && i + 1 < text.length && ESCAPABLE.includes(text[i + 1] as string)) {
      name += text[i + 1];
      literalEnd = name.length;
      i++;
      continue;
    }
    const found = SEPARATORS.find(([separator]) => text.startsWith(separator, i));
    if (found === undefined) {
      name += char;
      continue;
    }
    const [separator, kind] = found;
    // `Header;` is an empty header only at the very end: elsewhere `;` is part of a name.
    if (kind === "empty-header" && i + 1 !== text.length) {
      name += char;
      continue;
    }
    if (name === "") return undefined;
    // JSON has escapes of its own, so a JSON value is taken as written.
    const rest = text.slice(i + separator.length);
    const value = kind === "json" ? rest : unescapeText(rest);
    const isParameter = kind !== "query" && kind !== "header" && kind !== "empty-header";
    const append = isParameter && name.endsWith("[]") && name.length - 2 >= literalEnd;
    const bare = append ? name.slice(0, -2) : name;
    if (bare === "") return undefined;
    return { kind, name: bare, value, append };
  }
  return undefined;
}

function unescapeText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "\\" && i + 1 < text.length && ESCAPABLE.includes(text[i + 1] as string)) {
      out += text[i + 1];
      i++;
    } else {
      out += char;
    }
  }
  return out;
}
