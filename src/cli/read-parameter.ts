// Items and gh's fields as parameters: values read from text, JSON, files and standard input,
// nested keys placed, and the label of a --data body.
import { isMethodName } from "../shared/http.js";
import { setOwn } from "../shared/object.js";
import { changedNumber } from "./changed-number.js";
import { type Item, type PathKey, readKey } from "./read-item.js";
import { UsageError } from "./usage-error.js";

/**
 * Options that an item cannot set, each with the flag that does. `method` and `url` are not
 * here: beside a route they are parameters like any other (a webhook's `url` field).
 */
const OPTION_ITEMS: ReadonlyMap<string, string> = new Map([
  ["baseUrl", "use --base-url URL"],
  ["headers", "write each header as a Header:value item"],
  ["mediaType", "use --media-format NAME and --preview NAME"],
  ["data", "use --data TEXT, --data @FILE or --data -"],
  ["request", "the request option (settings for an HTTP client) has no command-line form"],
]);

/** What `parseArguments` needs from its host: files and standard input. */
export interface ArgumentIo {
  readStdin(): Uint8Array;
  readFile(path: string): Uint8Array;
}

/** A parameter's values as items gave them: a list when its name came twice or with `[]`. */
export interface Parameter {
  readonly values: unknown[];
  list: boolean;
}

/**
 * gh's `-f key=value` (a string, as written) and `-F key=value` (true, false, null and
 * integers as JSON, `@FILE` the text of a file, `@-` standard input): an item each. Keys nest
 * as items do (`-f 'labels[]=bug'`, `-F 'user[age]=3'`).
 */
export function readField(flag: string, text: string): Item {
  const equals = text.indexOf("=");
  const chars = (part: string) => [...part].map((char) => ({ char, literal: false }));
  if (equals === -1 && text.endsWith("[]")) {
    // gh: "To pass an empty array, use `key[]` without a value".
    const list = readKey(chars(text));
    if (list !== undefined)
      return { kind: "json", name: list.name, path: list.path.slice(0, -1), append: false, value: "[]" };
  }
  const key = equals <= 0 ? undefined : readKey(chars(text.slice(0, equals)));
  if (key === undefined)
    throw new UsageError(`${flag} takes key=value, got "${text}"${formHint(flag, text)}.`);
  const value = text.slice(equals + 1);
  const base = { name: key.name, path: key.path, append: key.path.length === 1 && key.path[0] === null };
  if (flag === "--raw-field") return { ...base, kind: "string", value };
  // gh converts integers; one past 2^53 stays text, which a JS number would change.
  const integer = /^-?(0|[1-9]\d*)$/.test(value) && Number.isSafeInteger(Number(value));
  if (integer || /^(true|false|null)$/.test(value)) return { ...base, kind: "json", value };
  if (value.startsWith("@")) return { ...base, kind: "string-file", value: value.slice(1) };
  return { ...base, kind: "string", value };
}

/**
 * HTTPie users type `-f POST :8080/x a=b` for a form: here -f is gh's raw field, so a value
 * that reads as a method or a url gets the form this command line sends instead.
 */
function formHint(flag: string, text: string): string {
  const looksLikeRequest = isMethodName(text) || /^(:|\/|https?:\/\/|localhost\b)/i.test(text);
  if (flag !== "--raw-field" || !looksLikeRequest) return "";
  return ": -f is gh's raw field here; HTTPie's --form is not supported: send a form as --data 'a=b' Content-Type:application/x-www-form-urlencoded";
}

/** gh's `-H 'Name: value'`; an empty value removes the header, as `Name:` does as an item. */
export function readHeader(text: string, headers: Record<string, string | null>): void {
  const colon = text.indexOf(":");
  if (colon <= 0) throw new UsageError(`-H takes 'Name: value', got "${text}".`);
  const value = text.slice(colon + 1).trim();
  addHeader(headers, text.slice(0, colon).trim(), value === "" ? null : value);
}

/**
 * Sets a header as the user gave it. A name given twice (in any case) is sent once with both
 * values, as gh and HTTPie send two lines of it and HTTP reads them: `a, b` (`a; b` for
 * cookies). `null` removes the header, earlier values too.
 */
export function addHeader(headers: Record<string, string | null>, name: string, value: string | null): void {
  const known = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
  const before = known === undefined ? null : headers[known];
  if (known === undefined || value === null || value === "" || before === null || before === "") {
    if (known !== undefined) delete headers[known];
    setOwn(headers, known ?? name, value);
    return;
  }
  setOwn(headers, known, `${before}${name.toLowerCase() === "cookie" ? "; " : ", "}${value}`);
}

/** Refuses an item named like an option (`baseUrl=...`), naming the flag to use instead. */
export function checkItemName(item: Item, arg: string): void {
  const instead = OPTION_ITEMS.get(item.name);
  if (instead !== undefined) {
    throw new UsageError(
      `The item "${arg}" would set the ${item.name} option, which items do not set (they are parameters): ${instead}.`,
    );
  }
}

/** Adds an item's value (see `readItemValue`) to the parameters, as a list or nested as it says. */
export function addParameter(
  parameters: Map<string, Parameter>,
  arg: string,
  item: Item,
  value: unknown,
  /** gh's -f/-F: `list[][key]` fills the list's last object while it lacks `key`. */
  ghField = false,
): void {
  const known = parameters.get(item.name);
  if (item.path.length > 0 && !item.append) {
    // HTTPie 3's nested keys: the value goes to its place in one object or list.
    const root = known?.values[0] ?? (typeof item.path[0] === "string" ? {} : []);
    if (known !== undefined && (known.list || typeof root !== "object" || root === null)) {
      throw new UsageError(`The item "${arg}" nests inside ${item.name}, which is given as a value too.`);
    }
    setAt(root as Record<string, unknown>, item.path, value, arg, ghField);
    if (known === undefined) parameters.set(item.name, { values: [root], list: false });
    return;
  }
  if (known === undefined) {
    parameters.set(item.name, { values: [value], list: item.append });
  } else {
    known.values.push(value);
    known.list = true;
  }
}

/** The value of a parameter item: its text, its JSON, or a file's. */
export function readItemValue(item: Item, io: ArgumentIo): unknown {
  if (item.kind === "string") return item.value;
  if (item.kind === "json") return parseJson(`${item.name}:=`, item.value);
  if (item.kind === "string-file") return readText(item.value, `the file of ${item.name}=@`, io);
  return parseJson(`the file of ${item.name}:=@`, readText(item.value, `the file of ${item.name}:=@`, io));
}

/**
 * A parameter as gh writes it in a query: the key as typed (`a[]`, `user[name]`), the value
 * as text (null as nothing, other JSON as JSON).
 */
export function queryPair(item: Item, value: unknown): [string, string] {
  const key = `${item.name}${item.path.map((step) => `[${step ?? ""}]`).join("")}`;
  const text =
    typeof value === "string"
      ? value
      : value === null
        ? ""
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  return [key, text];
}

/** Sets `value` at `path` inside `container`, making objects and lists on the way. */
function setAt(
  container: Record<string, unknown>,
  path: readonly PathKey[],
  value: unknown,
  arg: string,
  ghField: boolean,
): void {
  let at: unknown = container;
  for (let i = 0; i < path.length; i++) {
    const key = path[i] as PathKey;
    const last = i === path.length - 1;
    const next = path[i + 1];
    const fresh = (): unknown => (last ? value : typeof next === "string" ? {} : []);
    if (key === null || typeof key === "number") {
      if (!Array.isArray(at)) throw new UsageError(`The item "${arg}" uses a list index where an object is.`);
      const index = key === null ? appendIndex(at, next, last, ghField) : key;
      if (index > at.length) throw new UsageError(`The item "${arg}" skips list items: give them in order.`);
      if (last || at[index] === undefined) at[index] = fresh();
      at = at[index];
    } else {
      if (typeof at !== "object" || at === null || Array.isArray(at)) {
        throw new UsageError(`The item "${arg}" uses a key where a list or a value is.`);
      }
      const record = at as Record<string, unknown>;
      if (last || !Object.hasOwn(record, key)) setOwn(record, key, fresh());
      at = record[key];
    }
  }
}

/**
 * Where `[]` puts its value. HTTPie starts a new element each time; gh, for `[]` followed by a
 * key, adds to the list's last object while that key is not yet in it, so that
 * `-F 'p[][name]=a' -F 'p[][value]=b'` makes one object.
 */
function appendIndex(list: unknown[], next: PathKey | undefined, last: boolean, ghField: boolean): number {
  const previous = list.at(-1);
  const fills =
    ghField &&
    !last &&
    typeof next === "string" &&
    typeof previous === "object" &&
    previous !== null &&
    !Array.isArray(previous) &&
    !Object.hasOwn(previous, next);
  return fills ? list.length - 1 : list.length;
}

function parseJson(what: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Only the start of the text: a file of 90 MB would not fit in one error line.
    const shown = JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
    throw new UsageError(
      `The value of ${what} is not valid JSON: ${shown}; quote strings as name:='"text"'.`,
    );
  }
  const changed = changedNumber(text);
  if (changed !== undefined) {
    const shown = changed.length > 40 ? `${changed.slice(0, 40)}…` : changed;
    throw new UsageError(
      `The number ${shown} in ${what} would be sent as ${String(Number(changed))}, another number: quote it as text ("${shown}") if the API takes one.`,
    );
  }
  return value;
}

function readBytes(path: string | undefined, what: string, io: ArgumentIo): Uint8Array {
  try {
    return path === undefined ? io.readStdin() : io.readFile(path);
  } catch (error) {
    throw new UsageError(`Cannot read ${what}: ${(error as Error).message}`);
  }
}

function readText(path: string, what: string, io: ArgumentIo): string {
  // `@-` is standard input, as gh's -F reads it.
  const bytes = readBytes(
    path === "-" ? undefined : path,
    path === "-" ? "standard input" : `${what} "${path}"`,
    io,
  );
  const text = utf8(bytes);
  if (text === undefined)
    throw new UsageError(`${what} "${path}" is not UTF-8 text; send bytes with --data @FILE.`);
  return text;
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** `@FILE`, `-` (standard input) or the text itself; bytes that are not UTF-8 stay bytes. */
export function readData(source: string, io: ArgumentIo): string | Uint8Array {
  if (source !== "-" && !source.startsWith("@")) return source;
  const path = source === "-" ? undefined : source.slice(1);
  const bytes = readBytes(path, path === undefined ? "standard input" : `--data file "${path}"`, io);
  return utf8(bytes) ?? bytes;
}

/** The content-type of a `--data` body: what it is, not JSON by default. */
export function labelOf(data: unknown): string {
  if (typeof data !== "string") return "application/octet-stream";
  try {
    JSON.parse(data);
    return "application/json; charset=utf-8";
  } catch {
    return "text/plain; charset=utf-8";
  }
}
