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
  /** `name@file` (HTTPie's file upload): the file as a part of a multipart form. */
  | "file"
  /** `name==value`: a query parameter, on every method. */
  | "query"
  /** `Header:value`, or `Header:` to remove a header. */
  | "header"
  /** `Header;`: a header with an empty value. */
  | "empty-header";

export interface Item {
  readonly kind: ItemKind;
  /** The name with escapes resolved and, for parameters, without its `[...]` path. */
  readonly name: string;
  /** The text after the separator (a path for the file kinds), escapes resolved but in JSON. */
  readonly value: string;
  /** gh's and HTTPie's `name[]=value`: the value is appended to the list `name`. */
  readonly append: boolean;
  /**
   * HTTPie 3's nested keys after the name: `user[name]=x` is `["name"]`, `a[0]=x` is `[0]`,
   * `a[b][]=x` is `["b", null]` (null appends to a list). Empty for a plain name.
   */
  readonly path: readonly PathKey[];
  /** A file item's `;type=...`, as written (HTTPie's `name@file;type=image/png`). */
  readonly type?: string;
}

/** One step of a nested key: an object key, a list index, or `null` for "append to the list". */
export type PathKey = string | number | null;

/** Separators, the longer first where one starts another. */
const SEPARATORS: readonly [string, ItemKind][] = [
  [":=@", "json-file"],
  [":=", "json"],
  ["==", "query"],
  ["=@", "string-file"],
  ["=", "string"],
  [":", "header"],
  [";", "empty-header"],
  ["@", "file"],
];

/** HTTPie's suffix of a file item that gives the part's type: `photo@a.png;type=image/png`. */
const TYPE_SUFFIX = ";type=";

/** Characters a backslash makes literal: the separators', the brackets of `[]`, and itself. */
const ESCAPABLE = "=:;@[]\\";

/**
 * Reads an item such as `owner=octokit`, `per_page:=100`, `body=@notes.md`, `state==open`,
 * `labels[]=bug`, `photo@a.png` or `Accept:application/json`; `undefined` when it has no separator after a
 * non-empty name. A backslash before one of `=:;@[]\` makes that character literal
 * (`a\=b=c` is the parameter `a=b`, `text=\@me` the string `@me`); before any other character
 * it stays a backslash. A `name:=json` value is taken as written: JSON has escapes of its own.
 */
export function readItem(text: string): Item | undefined {
  // The name's characters, each marked when a backslash made it literal.
  const chars: { char: string; literal: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "\\" && i + 1 < text.length && ESCAPABLE.includes(text[i + 1] as string)) {
      chars.push({ char: text[i + 1] as string, literal: true });
      i++;
      continue;
    }
    const found = SEPARATORS.find(([separator]) => text.startsWith(separator, i));
    // `Header;` is an empty header only at the very end: elsewhere `;` is part of a name.
    if (found === undefined || (found[1] === "empty-header" && i + 1 !== text.length)) {
      chars.push({ char, literal: false });
      continue;
    }
    const [separator, kind] = found;
    if (chars.length === 0) return undefined;
    // JSON has escapes of its own, so a JSON value is taken as written.
    let rest = text.slice(i + separator.length);
    // A file's type is cut off before escapes are read, so that `\;type=` stays in the path.
    const typeAt = kind === "file" ? unescapedIndexOf(rest, TYPE_SUFFIX) : -1;
    const type = typeAt === -1 ? undefined : rest.slice(typeAt + TYPE_SUFFIX.length);
    if (typeAt !== -1) rest = rest.slice(0, typeAt);
    const value = kind === "json" ? rest : unescapeText(rest);
    const isParameter = kind !== "query" && kind !== "header" && kind !== "empty-header";
    const key = isParameter ? readKey(chars) : { name: chars.map((c) => c.char).join(""), path: [] };
    if (key === undefined) return undefined;
    const append = key.path.length === 1 && key.path[0] === null;
    return { kind, name: key.name, value, append, path: key.path, ...(type === undefined ? {} : { type }) };
  }
  return undefined;
}

/**
 * A parameter's name and its nested path, read as HTTPie 3 reads `a[b][0][]`: the name up to
 * the first unescaped `[`, then `[key]` steps to the end. A name whose brackets do not make
 * such steps (`a[b]c`, `a[`) is a plain name, brackets and all; an empty name is none.
 */
export function readKey(
  chars: readonly { char: string; literal: boolean }[],
): { name: string; path: PathKey[] } | undefined {
  const open = chars.findIndex((c) => c.char === "[" && !c.literal);
  const whole = chars.map((c) => c.char).join("");
  if (open === -1) return whole === "" ? undefined : { name: whole, path: [] };
  const name = whole.slice(0, open);
  const path: PathKey[] = [];
  let i = open;
  while (i < chars.length) {
    if (chars[i]?.char !== "[" || chars[i]?.literal) return { name: whole, path: [] };
    // Searched from here only: a key of many steps is read in linear time.
    let close = i + 1;
    while (close < chars.length && !(chars[close]?.char === "]" && !chars[close]?.literal)) close++;
    if (close === chars.length) close = -1;
    if (close === -1 || chars.slice(i + 1, close).some((c) => c.char === "[" && !c.literal)) {
      return { name: whole, path: [] };
    }
    const step = whole.slice(i + 1, close);
    path.push(step === "" ? null : /^(0|[1-9]\d{0,5})$/.test(step) ? Number(step) : step);
    i = close + 1;
  }
  return name === "" ? undefined : { name, path };
}

/** The index of the first `part` in `text` that no backslash escapes; -1 when there is none. */
function unescapedIndexOf(text: string, part: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\" && i + 1 < text.length && ESCAPABLE.includes(text[i + 1] as string)) i++;
    else if (text.startsWith(part, i)) return i;
  }
  return -1;
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
