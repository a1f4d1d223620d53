/** A JSON schema as a description holds it; `$ref`s are resolved by the caller's `resolve`. */
export type Schema = { readonly [key: string]: unknown };

/** Follows `$ref`s (local ones) to the node they name. */
export type Resolve = (node: unknown) => Schema;

/** A type longer than this is written `unknown`: types stay readable, and their size bounded. */
const MAX_TYPE_LENGTH = 4_000;

type Write = (node: unknown, depth: number) => string;

/**
 * A writer of TypeScript types for JSON schemas (OpenAPI 3.0's dialect and 3.1's JSON Schema),
 * a few levels deep; deeper parts, what it cannot tell, and types longer than a few thousand
 * characters are `unknown`. Every name and literal is written with `JSON.stringify`, so a
 * description cannot put code in the types. Each schema is written once per depth and
 * remembered: a schema that refers to itself many times costs its size, not a power of it.
 */
export function schemaTypes(resolve: Resolve): (node: unknown) => string {
  const memo = new Map<object, string[]>();
  const write: Write = (node, depth) => {
    const schema = resolve(node);
    let byDepth = memo.get(schema);
    const known = byDepth?.[depth];
    if (known !== undefined) return known;
    let type = depth > 3 ? "unknown" : schemaType(schema, write, depth);
    if (type.length > MAX_TYPE_LENGTH) type = "unknown";
    if (byDepth === undefined) {
      byDepth = [];
      memo.set(schema, byDepth);
    }
    byDepth[depth] = type;
    return type;
  };
  return (node) => write(node, 0);
}

function schemaType(schema: Schema, write: Write, depth: number): string {
  let type: string;
  if (Object.hasOwn(schema, "const")) type = literal(schema.const);
  else if (Array.isArray(schema.enum)) type = unique(schema.enum.map(literal));
  else if (Array.isArray(schema.oneOf ?? schema.anyOf)) {
    type = unique((schema.oneOf ?? schema.anyOf) as unknown[], (part) => write(part, depth + 1));
  } else if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part: unknown) => write(part, depth + 1));
    // An intersection of unions is their product to TypeScript, which gives up on large ones
    // (TS2590): more than one union among the parts is written `unknown`.
    type = parts.filter(isUnion).length > 1 ? "unknown" : parts.map(parenthesize).join(" & ");
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
  if (properties.length === 0) return "{ [key: string]: unknown }";
  const fields = properties.map(
    ([name, value]) => `${JSON.stringify(name)}${required.has(name) ? "" : "?"}: ${write(value, depth + 1)}`,
  );
  return `{ ${fields.join("; ")} }`;
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
