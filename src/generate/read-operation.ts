import { splitFragment, writeTemplate } from "./operation-template.js";
import type { OperationDraft, ParameterContext } from "./read-parameter.js";
import { operationParameters, readParameters } from "./read-parameters.js";
import { type Readers, readBody } from "./read-request-body.js";
import { readResponses, responseAccept } from "./read-responses.js";
import { serverPrefix } from "./read-servers.js";
import type { RouteTypeSettings } from "./route-type-settings.js";
import type { OperationModel } from "./route-types.js";
import type { Schema } from "./schema-type.js";

/**
 * Reads an Operation Object into the model of its route: its server as a prefix of the route
 * when it has its own, its parameters (`read-parameters.ts`), the url template they write, its
 * request body (`read-request-body.ts`), the `accept` and body types of its responses
 * (`read-responses.ts`). What cannot be sent as described is left out with a note; an
 * operation that cannot be sent at all throws, and the caller leaves it out.
 */
export function readOperation(
  path: string,
  method: string,
  item: Schema,
  operation: Schema,
  readers: Readers,
  baseUrl: string,
  options: RouteTypeSettings,
  notes: string[],
): OperationModel {
  const where = `${method.toUpperCase()} ${path}`;
  const context: ParameterContext = { method, where, readers, options, notes };
  const parameters = operationParameters(item, operation, context);
  const prefix = serverPrefix(operation.servers ?? item.servers, baseUrl, where, notes);
  const model: OperationDraft = {
    ...(typeof operation.operationId === "string" ? { id: operation.operationId } : {}),
    method: method.toUpperCase(),
    url: prefix + path,
    path: [],
    query: [],
    header: [],
    cookie: [],
    body: [],
    params: {},
  };
  const placed = readParameters(parameters, splitFragment(path).pathOnly, model, context);
  writeTemplate(model, prefix, path, placed, method, options);
  readBody(model, operation, readers, placed.taken, notes, where);
  const accept = responseAccept(operation, readers.resolve);
  if (accept !== undefined) model.accept = accept;
  if (options.responses !== false) {
    const responses = readResponses(operation, readers.resolve, readers.typeOf, notes, where);
    if (responses !== undefined) model.responses = responses;
  }
  return withoutEmptyLists(model);
}

/** The model without the header, cookie and code lists the operation left empty. */
function withoutEmptyLists(model: OperationDraft): OperationModel {
  const written: Partial<OperationDraft> = model;
  if (Object.keys(model.params).length === 0) delete written.params;
  for (const list of ["header", "cookie"] as const) {
    if (model[list].length === 0) delete written[list];
  }
  return model;
}
