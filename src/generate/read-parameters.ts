import {
  type OperationDraft,
  type ParameterContext,
  type PlacedParameters,
  readParameter,
} from "./read-parameter.js";
import { asList } from "./read-refs.js";
import type { Schema } from "./schema-type.js";

const PLACES = new Set(["path", "query", "header", "cookie"]);

/** A path's `/:name` placeholders: the library reads them so, as servers that write them do. */
export const COLON_NAME: RegExp = /\/:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The parameters of a path item and of its operation: the path item's, then the operation's,
 * which replace those of the same name and place. One without a name or a known place (`in`)
 * is left out with a note.
 */
export function operationParameters(item: Schema, operation: Schema, context: ParameterContext): Schema[] {
  const byKey = new Map<string, Schema>();
  for (const node of [...asList(item.parameters), ...asList(operation.parameters)]) {
    const parameter = context.readers.resolve(node);
    if (typeof parameter.name !== "string" || !PLACES.has(parameter.in as string)) {
      context.notes.push(`${context.where}: a parameter without a name or a known place (in) is left out.`);
      continue;
    }
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

/**
 * Reads the parameters (`operationParameters`) into the model, and gives what they write into
 * the url. `pathOnly` is the path key before any fragment.
 */
export function readParameters(
  parameters: readonly Schema[],
  pathOnly: string,
  model: OperationDraft,
  context: ParameterContext,
): PlacedParameters {
  const placed: PlacedParameters = {
    taken: new Set(),
    formQuery: [],
    expressions: new Map(),
    // The path's own expressions, read in one pass, and what each becomes: one pass writes them.
    inPath: new Set(Array.from(pathOnly.matchAll(/\{([^{}]*)\}/g), (match) => match[1] as string)),
    // A `/:name` whose parameter the description declares is that parameter, as the route
    // writes it; the others stay literal text.
    colonNames: new Set(Array.from(pathOnly.matchAll(COLON_NAME), (match) => match[1] as string)),
  };
  for (const parameter of parameters) readParameter(parameter, model, placed, context);
  return placed;
}
