import { isRef } from "./local-refs.js";

/** A JSON schema as a description holds it; `$ref`s are resolved by the caller's `resolve`. */
export type Schema = { readonly [key: string]: unknown };

/** Follows `$ref`s (local ones) to the node they name. */
export type Resolve = (node: unknown) => Schema;

/** The name of the interface of named schemas in generated types. */
export const SCHEMAS = "Schemas";

/**
 * How deep and how long a type written inline may be before it is `unknown`: with every
 * schema inline (GitHub's map), a few levels; with named schemas, what an inline schema can
 * need, which no `$ref` makes endless. Types stay readable, and their size bounded.
 */
const INLINE_LIMITS = { depth: 3, length: 4_000 };
const NAMED_LIMITS = { depth: 24, length: 32_000 };

type Write = (node: unknown, depth: number) => string;

/** What `schemaTypes` gives: the writer of types, and the named schemas they refer to. */
export interface SchemaTypes {
  /** The TypeScript type of a schema (or a `$ref` to one). */
  readonly typeOf: (node: unknown) => string;
  /**
   * The members of the interface `Schemas`: each schema a type written so far names, by name,
   * and those they name in turn. Empty with every schema inline. A schema that cannot be read
   * (a `$ref` in it names nothing) is `unknown`, with a note in `notes`.
   */
  readonly declarations: (notes?: string[]) => [name: string, type: string][];
}

/**
 * A writer of TypeScript types for JSON schemas (OpenAPI 3.0's dialect and 3.1's JSON Schema).
 * A `$ref`'s schema is written once, as a member of the interface `Schemas`, and named there
 * (`Schemas["Pet"]`): a schema of any depth, or one that refers to itself, is typed to the end
 * in its own size. With `inline`, every schema is written out a few levels deep instead.
 * What it cannot tell, and inline types past a length, are `unknown`. Every name and literal
 * is written with `JSON.stringify`, so a description cannot put code in the types. Each
 * schema is written once per depth and remembered.
 */
export function schemaTypes(resolve: Resolve, inline = false): SchemaTypes {
  const limits = inline ? INLINE_LIMITS : NAMED_LIMITS;
  const memo = new Map<object, string[]>();
  const names = new Map<object, string>();
  const taken = new Set<string>();
  const pending: [string, Schema][] = [];
  let declaring: Schema | undefined;
  const named = (node: unknown): string | undefined => {
    if (inline || !isRef(node)) return undefined;
    const schema = resolve(node);
    let name = names.get(schema);
    if (name === undefined) {
      const ref = node.$ref;
      const base = /^#\/components\/schemas\/[^/]+$/.test(ref) ? lastSegment(ref) : ref.slice(2);
      name = base;
      for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
      taken.add(name);
      names.set(schema, name);
      pending.push([name, schema]);
    }
    return `${SCHEMAS}[${JSON.stringify(name)}]`;
  };
  const write: Write = (node, depth) => {
    const reference = named(node);
    if (reference !== undefined) return reference;
    const schema = resolve(node);
    let byDepth = memo.get(schema);
    const known = byDepth?.[depth];
    if (known !== undefined) return known;
    let type = depth > limits.depth ? "unknown" : schemaType(schema, write, depth, resolve);
    // A named schema's own declaration is written once, whatever its length.
    if (type.length > limits.length && schema !== declaring) type = "unknown";
    if (byDepth === undefined) {
      byDepth = [];
      memo.set(schema, byDepth);
    }
    byDepth[depth] = type;
    return type;
  };
  const declarations = (notes: string[] = []): [string, string][] => {
    // A worklist, not recursion: a long chain of schemas naming the next costs no stack.
    const written: [string, string][] = [];
    for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
      let type: string;
      try {
        declaring = next[1];
        type = write(next[1], 0);
      } catch (error) {
        // A `$ref` in it that names nothing: the routes that use it stay, the schema is unknown.
        if (error instanceof RangeError) throw error;
        type = "unknown";
        const message = error instanceof Error ? error.message.replace(/\.?$/, ".") : "";
        notes.push(`schema ${JSON.stringify(next[0])} is typed unknown: ${message}`);
      }
      written.push([next[0], type]);
    }
    declaring = undefined;
    return withoutCycles(written);
  };
  return { typeOf: (node) => write(node, 0), declarations };
}

/**
 * Named schemas whose type is another's name, round in a circle (`A` is `B[]`, `B` is `A`), are
 * `unknown`: TypeScript refuses a type that is itself. A name inside an object's property is
 * no such circle (that is how recursive schemas are typed). What is left once every schema that
 * names none of the circle's is taken out, both ways, holds the circles.
 */
function withoutCycles(written: [string, string][]): [string, string][] {
  const bare = new Map(written.map(([name, type]) => [name, new Set(bareNames(type))]));
  const peel = (edges: Map<string, Set<string>>): Set<string> => {
    const left = new Set(edges.keys());
    const count = new Map([...edges].map(([name, to]) => [name, [...to].filter((n) => left.has(n)).length]));
    const from = new Map<string, string[]>();
    for (const [name, to] of edges) {
      for (const target of to) {
        const sources = from.get(target);
        if (sources === undefined) from.set(target, [name]);
        else sources.push(name);
      }
    }
    const ready = [...left].filter((name) => count.get(name) === 0);
    for (let name = ready.pop(); name !== undefined; name = ready.pop()) {
      left.delete(name);
      for (const source of from.get(name) ?? []) {
        const remaining = (count.get(source) ?? 0) - 1;
        count.set(source, remaining);
        if (remaining === 0 && left.has(source)) ready.push(source);
      }
    }
    return left;
  };
  const forward = peel(bare);
  if (forward.size === 0) return written;
  const reverse = new Map<string, Set<string>>([...bare.keys()].map((name) => [name, new Set<string>()]));
  for (const [name, to] of bare) for (const target of to) reverse.get(target)?.add(name);
  const backward = peel(reverse);
  return written.map(([name, type]) => [name, forward.has(name) && backward.has(name) ? "unknown" : type]);
}

/** The schema names a type refers to outside any object type: `Schemas["A"]`, `Schemas["A"][]`. */
function bareNames(type: string): string[] {
  const found: string[] = [];
  const prefix = `${SCHEMAS}[`;
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (c === '"') i = stringEnd(type, i);
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (depth === 0 && type.startsWith(prefix, i)) {
      const end = stringEnd(type, i + prefix.length);
      found.push(JSON.parse(type.slice(i + prefix.length, end + 1)) as string);
      i = end;
    }
  }
  return found;
}

/** The index of the quote that ends the JSON string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
  return i;
}

/** The last segment of a JSON Pointer, as a name: `#/components/schemas/Pet` -> `Pet`. */
function lastSegment(ref: string): string {
  const segment = ref.slice(ref.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~");
  } catch {
    return segment;
  }
}

function schemaType(schema: Schema, write: Write, depth: number, resolve: Resolve): string {
  let type: string;
  if (Object.hasOwn(schema, "const")) type = literal(schema.const);
  else if (Array.isArray(schema.enum)) type = unique(schema.enum.map(literal));
  else if (Array.isArray(schema.oneOf ?? schema.anyOf)) {
    type = unique((schema.oneOf ?? schema.anyOf) as unknown[], (part) => write(part, depth + 1));
  } else if (Array.isArray(schema.allOf)) {
    const allOf: unknown[] = schema.allOf;
    // A part of keys of any name types every key of the value, its siblings' named ones too,
    // which descriptions rarely mean (fields of numbers beside "other keys are strings"):
    // there it allows other keys, and says nothing of their values.
    const parts = allOf.map((part) => (anyKeys(resolve(part)) ? ANY_KEYS : write(part, depth + 1)));
    // An intersection of unions is their product to TypeScript, which gives up on large ones
    // (TS2590): more than one union among the parts is written `unknown`. A named part is
    // judged by its schema, which may not be written yet.
    const unions = parts.filter(
      (part, i) => isUnion(part) || (part.startsWith(`${SCHEMAS}[`) && looksUnion(resolve(allOf[i]))),
    );
    type = unions.length > 1 ? "unknown" : parts.map(parenthesize).join(" & ");
  } else if (Array.isArray(schema.type)) {
    // 3.1: `type: ["string", "null"]`, each name once; only JSON Schema's seven names say
    // anything, and each listed name copies the schema (a list of thousands was quadratic).
    type = unique([...new Set(schema.type as unknown[])].filter(isTypeName), (name) =>
      singleType(Object.assign(Object.create(null), schema, { type: name }), write, depth),
    );
  } else {
    type = singleType(schema, write, depth);
  }
  if (type === "") type = "unknown";
  return schema.nullable === true && type !== "unknown" ? `${type} | null` : type;
}

const ANY_KEYS = "{ [key: string]: unknown }";

/** An object schema of keys of any name, typed by `additionalProperties`, and no named ones. */
function anyKeys(schema: Schema): boolean {
  return (
    (schema.type === "object" || schema.type === undefined) &&
    Object.keys(resolveObject(schema.properties)).length === 0 &&
    schema.allOf === undefined &&
    (schema.oneOf ?? schema.anyOf) === undefined &&
    typeof schema.additionalProperties === "object" &&
    schema.additionalProperties !== null
  );
}

function singleType(schema: Schema, write: Write, depth: number): string {
  switch (schema.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `${parenthesize(write(schema.items ?? {}, depth + 1))}[]`;
    default:
      if (schema.type !== "object" && schema.properties === undefined) return "unknown";
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = Object.entries(resolveObject(schema.properties));
  if (properties.length === 0) {
    // Keys of any name: their values as `additionalProperties` says, where it gives a schema.
    const extra = schema.additionalProperties;
    return typeof extra === "object" && extra !== null
      ? `{ [key: string]: ${write(extra, depth + 1)} }`
      : ANY_KEYS;
  }
  const fields = properties.map(
    ([name, value]) => `${propertyName(name)}${required.has(name) ? "" : "?"}: ${write(value, depth + 1)}`,
  );
  return `{ ${fields.join("; ")} }`;
}

/**
 * A property name as TypeScript prints it back: bare when it is an identifier, else as a JSON
 * string. Errors and hovers then say `Property 'name' is missing`, not `'"name"'`.
 */
export function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function resolveObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function literal(value: unknown): string {
  return value === null || ["string", "number", "boolean"].includes(typeof value)
    ? JSON.stringify(value)
    : "unknown";
}

function unique(items: readonly unknown[], map: (item: unknown) => string = String): string {
  const types = [...new Set(items.map(map))];
  return types.includes("unknown") ? "unknown" : types.join(" | ");
}

function parenthesize(type: string): string {
  return /[|&]/.test(type) ? `(${type})` : type;
}

/** The kind of value a parameter's schema takes: what decides how a style writes it. */
export function valueKind(node: unknown, resolve: Resolve): "primitive" | "array" | "object" | "any" {
  const schema = resolve(node);
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null") : [schema.type];
  if (types.length === 1 && types[0] === "array") return "array";
  if ((types.length === 1 && types[0] === "object") || schema.properties !== undefined) return "object";
  if (types.length === 1 && ["string", "number", "integer", "boolean"].includes(types[0] as string))
    return "primitive";
  return "any";
}

/** Whether a schema's type is a union: several alternatives, values or types, or nullable. */
function looksUnion(schema: Schema): boolean {
  const alternatives = schema.oneOf ?? schema.anyOf;
  return (
    (Array.isArray(alternatives) && alternatives.length > 1) ||
    (Array.isArray(schema.enum) && schema.enum.length > 1) ||
    (Array.isArray(schema.type) && new Set(schema.type).size > 1) ||
    schema.nullable === true
  );
}

/** A union at the top level of a type written here (not one inside an object, list or string). */
function isUnion(type: string): boolean {
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (c === '"') {
      // A JSON string: skip to its end, past escaped quotes.
      for (i++; i < type.length && type[i] !== '"'; i++) if (type[i] === "\\") i++;
    } else if (c === "{" || c === "(" || c === "[") depth++;
    else if (c === "}" || c === ")" || c === "]") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}

/** JSON Schema's type names. */
function isTypeName(name: unknown): boolean {
  return (
    name === "string" ||
    name === "number" ||
    name === "integer" ||
    name === "boolean" ||
    name === "null" ||
    name === "array" ||
    name === "object"
  );
}
