import { isObject } from "./read-refs.js";
import { isMediaType } from "./read-request-body.js";
import type { Resolve, Schema } from "./schema-type.js";

/** A JSON media type: `application/json` or any `+json`, parameters allowed. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * The body type of each response an operation describes, by status as the description writes
 * it (`"200"`, `"2XX"`, `"default"`): its JSON content's schema, `string` for text only,
 * `undefined` for a response without content, `unknown` for any other content. A schema that
 * cannot be read (a `$ref` to nothing) is `unknown`, and the operation stays; a note says so.
 *
 * @example
 * ```ts
 * readResponses({ responses: { 204: { description: "gone" } } }, resolve, typeOf); // { "204": "undefined" }
 * ```
 */
export function readResponses(
  operation: Schema,
  resolve: Resolve,
  typeOf: (node: unknown) => string,
  notes: string[] = [],
  where = "",
): Record<string, string> | undefined {
  if (!isObject(operation.responses)) return undefined;
  const types: Record<string, string> = Object.create(null);
  for (const [status, node] of Object.entries(operation.responses)) {
    if (!/^(?:[1-5](?:\d\d|XX)|default)$/i.test(status)) continue;
    try {
      types[status] = bodyType(resolve(node), resolve, typeOf);
    } catch (error) {
      if (error instanceof RangeError) throw error;
      types[status] = "unknown";
      const message = error instanceof Error ? error.message.replace(/\.?$/, ".") : "";
      notes.push(`${where}: the body of response ${JSON.stringify(status)} is typed unknown: ${message}`);
    }
  }
  return Object.keys(types).length === 0 ? undefined : types;
}

function bodyType(response: Schema, resolve: Resolve, typeOf: (node: unknown) => string): string {
  const content = isObject(response.content) ? Object.entries(response.content) : [];
  if (content.length === 0) return "undefined";
  const json = content.find(([type]) => JSON_TYPE.test(type));
  if (json !== undefined) {
    const media = resolve(json[1]);
    return media.schema === undefined ? "unknown" : typeOf(media.schema);
  }
  return content.every(([type]) => /^text\//i.test(type)) ? "string" : "unknown";
}

/** The longest accept written from a description's response types. */
const MAX_ACCEPT_LENGTH = 4_000;

/**
 * The media types of the operation's success responses (or its default response, if it
 * describes no success), JSON first: the `accept` it is sent with.
 */
export function responseAccept(operation: Schema, resolve: Resolve): string | undefined {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const codes = Object.keys(responses);
  const success = codes.filter((code) => /^2(?:\d\d|XX)$/i.test(code));
  const types: string[] = [];
  for (const code of success.length > 0 ? success : codes.filter((code) => code === "default")) {
    const response = resolve(responses[code]);
    for (const written of Object.keys(isObject(response.content) ? response.content : {})) {
      // As written, parameters too: `application/json; version=2` chooses a version.
      const type = written.trim();
      const essence = type.split(";")[0]?.trim() ?? "";
      const usable = isMediaType(type) || /^(?:[\w.+-]+|\*)\/\*$/.test(essence);
      if (usable && !type.includes(",") && !types.includes(type)) types.push(type);
    }
  }
  if (types.length === 0) return undefined;
  const json = (type: string) => JSON_TYPE.test(type);
  const accept = [...types.filter(json), ...types.filter((type) => !json(type))].join(", ");
  // A header value past this length is no accept any server reads: anything, then.
  return accept.length > MAX_ACCEPT_LENGTH ? "*/*" : accept;
}
