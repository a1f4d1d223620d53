// The `rest-endpoint/generate` entry: operation data and typed routes from an OpenAPI
// description, as `rest-endpoint generate` writes them. Build-time code: nothing in the
// request path imports it.

export { OPTION_KEYS } from "../options/option-keys.js";
export {
  type GeneratedOperations,
  type GenerateOptions,
  generateOperations,
} from "./generate-operations.js";
export { groupNotes } from "./group-notes.js";
export { readDescription } from "./read-description.js";
export {
  type OperationModel,
  operationEntries,
  type ParameterModel,
  ROUTE_OPTION_KEYS,
  routeTypesSource,
} from "./route-types.js";
