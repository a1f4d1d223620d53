// Typed items against the description's schemas (`--operations FILE`): a value typed as text
// where the schema wants a number, a boolean or a list is turned into one, as restish does;
// a value that cannot be is refused in the words of the item, before anything is sent.
import { setOwn } from "../shared/object.js";
import type { EndpointOptions } from "../types/request.js";
import { isCarried } from "./changed-number.js";
import type { ItemSchema, OperationSchemas } from "./item-schemas.js";
import { UsageError } from "./usage-error.js";

/** Options that are no parameters (items cannot set them: see read-parameter.ts). */
const OPTIONS = new Set(["baseUrl", "headers", "mediaType", "data", "request"]);

/**
 * `options` with each parameter and body field conformed to its schema, and each query item
 * (`name==value`, sent as typed) checked against its parameter's.
 *
 * @example
 * ```ts
 * const schemas = { parameters: new Map([["limit", { types: new Set(["integer"]) }]]), fields: new Map(), jsonBody: true };
 * conformItems({ limit: "5" }, [], schemas); // { limit: 5 }
 * conformItems({ limit: "abc" }, [], schemas); // throws limit=abc: the description says limit is an integer.
 * ```
 */
export function conformItems(
  options: EndpointOptions,
  query: readonly (readonly [string, string])[],
  schemas: OperationSchemas,
): EndpointOptions {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    const parameter = schemas.parameters.get(key);
    const field = schemas.fields.get(key);
    const schema = OPTIONS.has(key) ? undefined : (parameter ?? field);
    // Text is sent as text in a url, a header and a form: there the check is all that matters.
    const json = parameter === undefined && schemas.jsonBody;
    const conformed = schema === undefined ? value : conform(value, schema, key, json);
    setOwn(result, key, json ? conformed : value);
  }
  for (const [name, text] of query) {
    const schema = schemas.parameters.get(name);
    if (schema !== undefined) conform(text, schema, name, false, "==");
  }
  return result as EndpointOptions;
}

/** `value` as `schema` says, or a usage error that names the item as it was typed. */
export function conform(
  value: unknown,
  schema: ItemSchema,
  label: string,
  json: boolean,
  separator = "=",
): unknown {
  // A file of a name@FILE item is a part of its own (a string of format binary), not text.
  if (value instanceof Blob) return value;
  let result = value;
  if (schema.types !== undefined) {
    const typed = asType(value, schema.types, json);
    if (typed === NOT) throw refused(label, value, describeTypes(schema.types, json, value), separator);
    result = typed;
  }
  if (Array.isArray(result) && schema.items !== undefined) {
    const items = schema.items;
    result = result.map((item: unknown) => conform(item, items, `${label}[]`, json, separator));
  } else if (isRecord(result) && schema.properties !== undefined) {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(result)) {
      const property = schema.properties.get(key);
      setOwn(copy, key, property === undefined ? inner : conform(inner, property, `${label}[${key}]`, json));
    }
    result = copy;
  }
  if (schema.values !== undefined && !schema.values.some((allowed) => sameValue(allowed, result))) {
    // A long enum is named in part: the error stays one short line.
    const shown = schema.values.slice(0, 8).map((allowed) => String(JSON.stringify(allowed)).slice(0, 40));
    const listed = `${shown.join(", ")}${schema.values.length > 8 ? `, … (${schema.values.length} in all)` : ""}`;
    throw refused(label, value, schema.values.length === 1 ? listed : `one of ${listed}`, separator);
  }
  return result;
}

const NOT: unique symbol = Symbol("not of the type");

/** `value` as one of `types`: as it is when it is one, else turned from its text; or NOT. */
function asType(value: unknown, types: ReadonlySet<string>, json: boolean): unknown {
  if (value === null) return types.has("null") ? null : NOT;
  if (typeof value === "string" && types.has("string")) return value;
  if (typeof value === "number" && (types.has("number") || (types.has("integer") && Number.isInteger(value))))
    return value;
  if (typeof value === "boolean" && types.has("boolean")) return value;
  if (Array.isArray(value)) return types.has("array") ? value : NOT;
  if (isRecord(value)) return types.has("object") ? value : NOT;
  if (typeof value === "string") {
    const text = value.trim();
    if (types.has("integer") && /^[+-]?\d+$/.test(text)) {
      const number = Number(text);
      // Past 2^53 a JSON number would be sent as another integer; in a url it is exact text.
      if (Number.isSafeInteger(number)) return number;
      if (!json) return value;
    }
    if (types.has("number") && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
      const number = Number(text);
      // In a JSON body the number sent must be the one typed (not ...992 for ...993).
      if (Number.isFinite(number) && (!json || isCarried(text))) return number;
      if (!json) return value;
    }
    if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
    if (types.has("null") && text === "null") return null;
  }
  // A string where the schema says so: a -F number or boolean is sent as the text typed.
  if ((typeof value === "number" || typeof value === "boolean") && types.has("string")) return String(value);
  // One value where a list is described is a list of one.
  if (types.has("array")) return [value];
  return NOT;
}

function describeTypes(types: ReadonlySet<string>, json: boolean, value: unknown): string {
  const names: Record<string, string> = {
    integer: "an integer",
    number: "a number",
    boolean: "a boolean (true or false)",
    string: "a string",
    array: "a list",
    object: "an object (name[key]=value items, or name:='{...}')",
    null: "null",
  };
  const said = [...types].map((type) => names[type] ?? type).join(" or ");
  const number = typeof value === "string" && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value.trim());
  const large =
    json && number && (types.has("integer") || types.has("number")) && !isCarried(value.trim())
      ? `, and this one is too ${/^[+-]?\d+$/.test(value.trim()) ? "large" : "precise"} for a JSON number to carry exactly`
      : "";
  return `${said}${large}`;
}

function refused(label: string, value: unknown, expected: string, separator: string): UsageError {
  // The item as it would be typed: text after = (or ==), other JSON after :=.
  const shown =
    typeof value === "string"
      ? `${label}${separator}${value}`
      : `${label}:=${jsonOf(value) ?? "… (nested too deep to show)"}`;
  const item = shown.length > 80 ? `${shown.slice(0, 80)}…` : shown;
  return new UsageError(`${item}: the description says ${label} is ${expected}.`);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null) return a === b;
  const json = jsonOf(a);
  return json !== undefined && json === jsonOf(b);
}

/** The JSON of an item's value; `undefined` for one too deep for the engine's stack (10,000 levels). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
