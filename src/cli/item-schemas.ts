// The schemas an OpenAPI description gives one operation's parameters and body fields, read
// down to what the command line checks typed items against: types, enums, list items and
// object properties. A generated module carries no schemas, so this reads the description.
import { localRefs } from "../generate/local-refs.js";

/** What the command line knows of one schema; a field left out is not checked. */
export interface ItemSchema {
  /** JSON Schema type names (`integer`, `number`, `boolean`, `string`, `array`, `object`, `null`). */
  readonly types?: ReadonlySet<string>;
  /** The values allowed (`enum`, or `const` as a list of one). */
  readonly values?: readonly unknown[];
  readonly items?: ItemSchema;
  readonly properties?: ReadonlyMap<string, ItemSchema>;
}

/** The schemas of one described operation, by the name an item gives. */
export interface OperationSchemas {
  /** Path, query, header and cookie parameters. */
  readonly parameters: ReadonlyMap<string, ItemSchema>;
  /** The fields of an object body. */
  readonly fields: ReadonlyMap<string, ItemSchema>;
  /** Whether the body is JSON, where a number and its text are not the same value. */
  readonly jsonBody: boolean;
}

/**
 * Schemas read inside one another at most (`items` of `items` ...): deeper ones are not
 * checked. Reading is recursive, and a description may nest 1,500 levels.
 */
const MAX_DEPTH = 64;

/**
 * The schemas of the operation `route` (`"GET /pets/{id}"`, as the description writes the
 * path) in `description`, or `undefined` when it describes no such operation.
 */
export function operationSchemas(description: unknown, route: string): OperationSchemas | undefined {
  const space = route.indexOf(" ");
  const method = route.slice(0, space).toLowerCase();
  const path = route.slice(space + 1);
  const resolve = resolver(description);
  const read = schemaReader(resolve);
  const paths = resolve(own(description, "paths"));
  const item = resolve(own(paths, path));
  const operation = resolve(own(item, method));
  if (space === -1 || operation === undefined) return undefined;
  const parameters = new Map<string, ItemSchema>();
  // The operation's own parameters replace the path item's of the same name.
  for (const list of [own(item, "parameters"), own(operation, "parameters")]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const parameter = resolve(entry);
      const name = own(parameter, "name");
      if (typeof name !== "string") continue;
      const schema = own(parameter, "schema") ?? firstSchema(resolve(own(parameter, "content")), resolve);
      parameters.set(name, read(schema));
    }
  }
  const content = resolve(own(resolve(own(operation, "requestBody")), "content"));
  const types = isRecord(content) ? Object.keys(content) : [];
  // The media type the generator sends: JSON first, then a form, then multipart.
  const chosen =
    types.find((type) => /^application\/(.+\+)?json\s*(;|$)/i.test(type)) ??
    types.find((type) => /^application\/x-www-form-urlencoded/i.test(type)) ??
    types.find((type) => /^multipart\/form-data/i.test(type));
  const body = chosen === undefined ? {} : read(own(resolve(own(content, chosen)), "schema"));
  return {
    parameters,
    fields: body.properties ?? new Map(),
    jsonBody: chosen !== undefined && /json/i.test(chosen),
  };
}

type Resolve = (node: unknown) => unknown;

/**
 * Follows local `#/...` references (`localRefs`, the generator's reader); a reference that
 * leads nowhere (another file, a name the description does not hold, a circle) is `undefined`,
 * and what it describes is left unchecked.
 */
function resolver(root: unknown): Resolve {
  const follow = localRefs(root);
  return (node) => {
    try {
      return follow(node);
    } catch {
      return undefined;
    }
  };
}

function firstSchema(content: unknown, resolve: Resolve): unknown {
  if (!isRecord(content)) return undefined;
  const first = Object.values(content)[0];
  return own(resolve(first), "schema");
}

/**
 * A reader of schemas down to types, values, items and properties, `allOf` members merged.
 * Each schema object is read once (a description may refer to one schema from many places,
 * or from inside itself): a schema met again while it is being read is not checked.
 */
function schemaReader(resolve: Resolve): (node: unknown) => ItemSchema {
  const done = new Map<object, ItemSchema>();
  const reading = new Set<object>();
  const read = (node: unknown): ItemSchema => {
    const schema = resolve(node);
    if (!isRecord(schema) || reading.has(schema) || reading.size >= MAX_DEPTH) return {};
    const known = done.get(schema);
    if (known !== undefined) return known;
    reading.add(schema);
    const result = readOne(schema, read);
    reading.delete(schema);
    done.set(schema, result);
    return result;
  };
  return read;
}

function readOne(schema: Record<string, unknown>, read: (node: unknown) => ItemSchema): ItemSchema {
  let types: Set<string> | undefined;
  const type = own(schema, "type");
  if (typeof type === "string") types = new Set([type]);
  else if (Array.isArray(type)) types = new Set(type.filter((name) => typeof name === "string"));
  // oneOf / anyOf of typed schemas: any of their types (an integer or null, say).
  for (const key of ["oneOf", "anyOf"]) {
    const members = own(schema, key);
    if (!Array.isArray(members) || types !== undefined) continue;
    const all = members.map(read);
    if (all.length > 0 && all.every((member) => member.types !== undefined && member.values === undefined)) {
      types = new Set(all.flatMap((member) => [...(member.types ?? [])]));
    }
  }
  if (types !== undefined && own(schema, "nullable") === true) types.add("null");
  const enumValues = own(schema, "enum");
  let values: readonly unknown[] | undefined = Array.isArray(enumValues) ? enumValues : undefined;
  if (Object.hasOwn(schema, "const")) values = [schema.const];
  let items: ItemSchema | undefined =
    own(schema, "items") === undefined ? undefined : read(own(schema, "items"));
  let properties: Map<string, ItemSchema> | undefined;
  const described = own(schema, "properties");
  if (isRecord(described)) {
    properties = new Map();
    for (const key of Object.keys(described)) properties.set(key, read(described[key]));
  }
  const allOf = own(schema, "allOf");
  if (Array.isArray(allOf)) {
    for (const member of allOf.map(read)) {
      types ??= member.types === undefined ? undefined : new Set(member.types);
      values ??= member.values;
      items ??= member.items;
      if (member.properties !== undefined) {
        properties ??= new Map();
        for (const [key, value] of member.properties) if (!properties.has(key)) properties.set(key, value);
      }
    }
  }
  return {
    ...(types === undefined || types.size === 0 ? {} : { types }),
    ...(values === undefined ? {} : { values }),
    ...(items === undefined ? {} : { items }),
    ...(properties === undefined ? {} : { properties }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An own property only: a description's `__proto__` or `constructor` key is data. */
function own(node: unknown, key: string): unknown {
  return isRecord(node) && Object.hasOwn(node, key) ? node[key] : undefined;
}
