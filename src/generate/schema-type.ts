/** A JSON schema as a description holds it; `$ref`s are resolved by the caller's `resolve`. */
export type Schema = { readonly [key: string]: unknown };

/** Follows `$ref`s (local ones) to the node they name. */
export type Resolve = (node: unknown) => Schema;

/**
 * A TypeScript type for a JSON schema (OpenAPI 3.0's dialect and 3.1's JSON Schema), a few
 * levels deep; deeper parts, and what it cannot tell, are `unknown`. Every name and literal is
 * written with `JSON.stringify`, so a description cannot put code in the types.
 */
export function schemaType(node: unknown, resolve: Resolve, depth = 0): string {
  const schema = resolve(node);
  let type: string;
  if (depth > 3) type = "unknown";
  else if (Object.hasOwn(schema, "const")) type = literal(schema.const);
  else if (Array.isArray(schema.enum)) type = unique(schema.enum.map(literal));
  else if (Array.isArray(schema.oneOf ?? schema.anyOf)) {
    type = unique((schema.oneOf ?? schema.anyOf) as unknown[], (part) =>
      schemaType(part, resolve, depth + 1),
    );
  } else if (Array.isArray(schema.allOf)) {
    type = schema.allOf
      .map((part: unknown) => parenthesize(schemaType(part, resolve, depth + 1)))
      .join(" & ");
  } else if (Array.isArray(schema.type)) {
    // 3.1: `type: ["string", "null"]`.
    type = unique(schema.type as unknown[], (name) => schemaType({ ...schema, type: name }, resolve, depth));
  } else {
    type = singleType(schema, resolve, depth);
  }
  if (type === "") type = "unknown";
  return schema.nullable === true && type !== "unknown" ? `${type} | null` : type;
}

function singleType(schema: Schema, resolve: Resolve, depth: number): string {
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
      return `${parenthesize(schemaType(schema.items ?? {}, resolve, depth + 1))}[]`;
    default:
      if (schema.type !== "object" && schema.properties === undefined) return "unknown";
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = Object.entries(resolveObject(schema.properties));
  if (properties.length === 0) return "{ [key: string]: unknown }";
  const fields = properties.map(
    ([name, value]) =>
      `${JSON.stringify(name)}${required.has(name) ? "" : "?"}: ${schemaType(value, resolve, depth + 1)}`,
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
