import { isObject } from "./read-refs.js";
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
