// The main entry: endpoint() and what a call needs, nothing more, so `import { endpoint }`
// loads and bundles only that. The adapters live at `rest-endpoint/adapters`, described
// operations at `rest-endpoint/operations`; their types are here too.
export type { PaginateClient } from "./adapters/paginate.js";
export type { FetchInit, FetchSettings } from "./adapters/to-fetch-args.js";
export { endpoint } from "./endpoint.js";
export { EndpointError, type EndpointErrorCode, type EndpointErrorFields } from "./errors/endpoint-error.js";
export type { OperationData, OperationsData, OperationTable } from "./operations/describe-operations.js";
export type { ParameterPlace, ParameterStyle } from "./operations/serialize-parameter.js";
export { type EnterpriseServer, enterpriseServer } from "./options/enterprise-server.js";
export type { Endpoint, RouteString } from "./types/endpoint.js";
export type { GitHubRoutes } from "./types/github-routes.js";
export type {
  EndpointOptions,
  HeadersInput,
  HeaderValue,
  MediaType,
  MergedOptions,
  Method,
  OptionKeys,
  RequestMethod,
  RequestOptions,
  RequestSettings,
  Route,
  RouteOptionKeys,
  RouteOptions,
} from "./types/request.js";
export type { ErrorResponseFor, OtherResponseFor, ResponseFor } from "./types/responses.js";
export type {
  ArgsFor,
  CallOptions,
  FromRoute,
  MethodOf,
  OptionsFor,
  ParamsFor,
  RequestOptionsFor,
  RouteParams,
  UnknownRoute,
} from "./types/route-params.js";
export type { PathValue, TemplateValue } from "./types/values.js";
export { VERSION } from "./version.js";
