import { mediaFamily } from "../operations/operation-body.js";
import { checkHeaderValue } from "../options/headers.js";
import { OPTION_KEYS } from "../options/option-keys.js";
import { sendsBody, sendsQuery } from "../shared/http.js";
import { asObject, isObject } from "./read-refs.js";
import type { OperationModel, ParameterModel } from "./route-types.js";
import { ROUTE_OPTION_KEYS } from "./route-types.js";
import type { Resolve, Schema } from "./schema-type.js";

/** How the description is read: `$ref`s followed, schemas written as TypeScript types. */
export interface Readers {
  readonly resolve: Resolve;
  readonly typeOf: (node: unknown) => string;
}

type BodyModel = OperationModel & { body: ParameterModel[]; params: Record<string, string> };

/** The styles a form field's `encoding` may give, as query parameters take them. */
const FORM_STYLES = new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject"]);

/**
 * The media type a body is sent as, among those the description offers: JSON first (what
 * the library writes best), then a form, then multipart, then the first. Types the library
 * cannot label (wildcards, or text that is no header value) are passed over.
 */
function chooseContent(content: [string, unknown][]): [string, unknown] | undefined {
  const usable = content.filter(([type]) => isMediaType(type));
  const rank = (type: string): number => {
    const kind = mediaFamily(type);
    return kind === "json"
      ? /^application\/json\s*(?:;|$)/i.test(type)
        ? 0
        : 1
      : kind === "urlencoded"
        ? 2
        : kind === "multipart"
          ? 3
          : 4;
  };
  let best: [string, unknown] | undefined;
  for (const entry of usable) if (best === undefined || rank(entry[0]) < rank(best[0])) best = entry;
  return best;
}

/** A concrete media type that is a valid header value: `type/subtype[; parameters]`. */
export function isMediaType(type: string): boolean {
  if (!/^[\w.+-]+\/[\w.+-]+\s*(?:;.*)?$/.test(type) || type.length > 200) return false;
  try {
    checkHeaderValue("content-type", type);
    return true;
  } catch {
    return false;
  }
}

/**
 * The request body: its fields as parameters (a JSON object, a form, multipart parts) with
 * their encodings as codes, or the whole body as `data`; the media type it is sent as when it
 * is not `application/json` itself.
 */
export function readBody(
  model: BodyModel,
  operation: Schema,
  { resolve, typeOf }: Readers,
  taken: Set<string>,
  notes: string[],
  where: string,
): void {
  if (operation.requestBody === undefined) return;
  const requestBody = resolve(operation.requestBody);
  const content = Object.entries(asObject(requestBody.content ?? {}, "content"));
  if (content.length === 0) return;
  if (!sendsBody(model.method)) {
    notes.push(`${where}: a ${model.method} request cannot carry the described body; it is left out.`);
    return;
  }
  const chosen = chooseContent(content);
  if (requestBody.required === true) model.bodyRequired = true;
  if (chosen === undefined) {
    // `*/*`, `application/*`: no type to label a body with, so it is sent as a plain route's
    // (fields as a JSON object, data as it stands), typed by the range's schema when it has one.
    const range = content.find(([, media]) => resolve(media).schema !== undefined);
    model.bodyKind = "data";
    model.bodyRange = true;
    if (range !== undefined) readRangeBody(model, resolve(range[1]).schema, { resolve, typeOf });
    return;
  }
  const [type, media] = chosen;
  const mediaObject = resolve(media);
  const kind = mediaFamily(type);
  if (!/^application\/json\s*$/i.test(type)) model.bodyType = type;
  const schema = resolve(mediaObject.schema ?? {});
  const fields = bodyFields(schema, resolve);
  if (kind === "other" || fields === undefined) {
    model.bodyKind = kind === "json" ? "json-data" : "data";
    if (kind === "json") model.dataType = typeOf(schema);
    return;
  }
  model.bodyKind = kind === "json" ? "json" : kind;
  // Where the parameters go to the query (OPTIONS), the fields are no parameters: the body
  // comes whole, as data, and a required one goes out empty when none is given, as elsewhere.
  if (sendsQuery(model.method)) {
    model.dataType = kind === "json" ? typeOf(schema) : "unknown";
    return;
  }
  const { properties, required } = fields;
  const encoding = isObject(mediaObject.encoding) ? mediaObject.encoding : {};
  for (const [name, node] of properties) {
    const fieldType = kind === "multipart" ? partType(node, resolve, typeOf) : typeOf(node);
    // A read-only field is never required in a request (OpenAPI: `required` holds for responses).
    const fieldRequired = required.has(name) && resolve(node).readOnly !== true;
    model.body.push({ name, required: fieldRequired, type: fieldType });
    if (taken.has(name)) {
      notes.push(
        `${where}: body field ${JSON.stringify(name)} has the name of a parameter; it is sent only in a body given whole as data.`,
      );
      continue;
    }
    const code =
      kind === "json"
        ? undefined
        : (fieldCode(kind, Object.hasOwn(encoding, name) ? resolve(encoding[name]) : undefined) ??
          // The library writes an object's keys as form fields only where the schema is an object.
          (kind === "urlencoded" && isObjectSchema(resolve(node)) ? "body form*" : undefined));
    // A field named like an option key is a parameter on this route; one named like another
    // parameter stays reachable through `data`.
    if (code !== undefined) model.params[name] = code;
    else if (ROUTE_OPTION_KEYS.has(name)) model.params[name] = "body";
  }
  // Such bodies keep a typed `data` too (`url` and `method` included: a client that reads them as
  // options, as @octokit/endpoint does, needs the body in `data`).
  if (model.body.some((field) => OPTION_KEYS.has(field.name) || taken.has(field.name))) {
    model.dataType = kind === "json" ? typeOf(schema) : "unknown";
  }
}

/** An object, or parts that are all objects (`allOf` alone, no `type`): fields either way. */
function bodyFields(schema: Schema, resolve: Resolve): ReturnType<typeof objectFields> {
  return schema.type === "object" ||
    isObject(schema.properties) ||
    (schema.type === undefined &&
      Array.isArray(schema.allOf) &&
      schema.oneOf === undefined &&
      schema.anyOf === undefined)
    ? objectFields(schema, resolve)
    : undefined;
}

/**
 * A body described by a media range only: typed by its schema, sent as today. An object of
 * fields gives its fields (sent as a plain route's leftover parameters, a JSON object); any
 * other schema types `data`; `data` is typed by the whole schema either way (a field named like
 * a parameter or an option key is reachable through it only).
 */
function readRangeBody(model: BodyModel, node: unknown, { resolve, typeOf }: Readers): void {
  // Typed from the node as written: a `$ref` is then named (`Schemas["Pod"]`), not spelt out.
  const fields = bodyFields(resolve(node), resolve);
  if (fields === undefined) {
    model.dataType = typeOf(node);
    return;
  }
  model.bodyKind = "json";
  for (const [name, node] of fields.properties) {
    const required = fields.required.has(name) && resolve(node).readOnly !== true;
    model.body.push({ name, required, type: typeOf(node) });
  }
  // `data` carries the whole body: typed by the schema, so `data: 42` is an error.
  model.dataType = typeOf(node);
}

/**
 * An object schema's fields: its properties and those of its `allOf` parts (`type: object`
 * beside `allOf: [{ properties }, { properties }]`, or `allOf` alone), the first of a name
 * kept; `undefined` when an `allOf` part is of another shape (a union, a list) or has no
 * properties to give (then the body is given whole as `data`).
 */
function objectFields(
  schema: Schema,
  resolve: Resolve,
): { properties: [string, unknown][]; required: Set<unknown> } | undefined {
  const properties = new Map<string, unknown>();
  const required = new Set<unknown>();
  const pending = [schema];
  const seen = new Set<Schema>();
  for (let part = pending.pop(); part !== undefined; part = pending.pop()) {
    if (seen.has(part)) continue;
    seen.add(part);
    if (part !== schema) {
      if (part.type !== undefined && part.type !== "object") return undefined;
      if (part.oneOf !== undefined || part.anyOf !== undefined) return undefined;
    }
    for (const [name, node] of Object.entries(asObject(part.properties ?? {}, "properties"))) {
      if (!properties.has(name)) properties.set(name, node);
    }
    for (const name of Array.isArray(part.required) ? part.required : []) required.add(name);
    // Last first: the pending list is a stack, and the first part's fields come first.
    if (Array.isArray(part.allOf)) for (const node of [...part.allOf].reverse()) pending.push(resolve(node));
  }
  // `allOf` alone whose parts name no field: nothing to give as parameters.
  if (schema.type !== "object" && !isObject(schema.properties) && properties.size === 0) return undefined;
  return { properties: [...properties], required };
}

/** A form field's encoding as a code, or a multipart part's type; `undefined` for the default. */
function fieldCode(kind: string, encoding: Schema | undefined): string | undefined {
  if (encoding === undefined) return undefined;
  if (kind === "multipart") {
    const first = firstType(encoding.contentType);
    return first === undefined ? undefined : `body ${first}`;
  }
  // OpenAPI 3.1.1, Encoding Object: an explicit style, explode or allowReserved wins over the
  // contentType. Without them a JSON contentType makes the field one JSON value, the JSON text
  // percent-encoded as the field's value; other types leave the form's own rules.
  const styled = ["style", "explode", "allowReserved"].some((name) => encoding[name] !== undefined);
  const jsonType = styled ? undefined : firstType(encoding.contentType);
  if (jsonType !== undefined && mediaFamily(jsonType) === "json") return `body ${jsonType}`;
  const style =
    typeof encoding.style === "string" && FORM_STYLES.has(encoding.style) ? encoding.style : "form";
  const explode = typeof encoding.explode === "boolean" ? encoding.explode : style === "form";
  const allowReserved = encoding.allowReserved === true;
  if (style === "form" && explode && !allowReserved) return undefined;
  return `body ${style}${explode ? "*" : ""}${allowReserved ? "+" : ""}`;
}

/**
 * The first media type of an encoding's `contentType` (a comma-separated list may offer
 * several), when it is one a part can be labelled with: no wildcard, no space.
 */
function firstType(contentType: unknown): string | undefined {
  const first = typeof contentType === "string" ? (contentType.split(",")[0]?.trim() ?? "") : "";
  return first !== "" && isMediaType(first) && !first.includes(" ") ? first : undefined;
}

/** A multipart part's type: a file (`format: binary`) is a Blob or bytes, or a list of them. */
function partType(node: unknown, resolve: Resolve, typeOf: (node: unknown) => string): string {
  const schema = resolve(node);
  const isFile = (s: Schema) => s.format === "binary" || s.contentMediaType !== undefined;
  const FILE = "Blob | ArrayBuffer | ArrayBufferView";
  if (isFile(schema)) return FILE;
  if (schema.type === "array" && isFile(resolve(schema.items))) return `(${FILE})[]`;
  return typeOf(node);
}

/** A schema of objects: an exploded form field writes its keys as fields of their own. */
function isObjectSchema(schema: Schema | undefined): boolean {
  if (schema === undefined) return false;
  const type = schema.type;
  return (
    type === "object" ||
    (Array.isArray(type) && type.includes("object")) ||
    (type === undefined && (isObject(schema.properties) || isObject(schema.additionalProperties)))
  );
}
