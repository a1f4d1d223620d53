export { nextRequest } from "./adapters/next-request.js";
export { type PaginateClient, paginate } from "./adapters/paginate.js";
export { toCurl } from "./adapters/to-curl.js";
export {
  FETCH_DEFAULTS,
  FETCH_INIT_FIELDS,
  type FetchInit,
  type FetchSettings,
  toFetchArgs,
} from "./adapters/to-fetch-args.js";
export { endpoint } from "./endpoint.js";
export { EndpointError, type EndpointErrorCode } from "./endpoint-error.js";
export { type EnterpriseServer, enterpriseServer } from "./options/enterprise-server.js";
export type { ParameterPlace, ParameterStyle } from "./options/serialize-parameter.js";
export {
  describeOperations,
  type OperationData,
  type OperationsData,
  type OperationTable,
} from "./route/describe-operations.js";
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
export type {
  ArgsFor,
  CallOptions,
  MethodOf,
  OptionsFor,
  ParamsFor,
  RequestOptionsFor,
  RouteParams,
} from "./types/route-params.js";
export type { PathValue, TemplateValue } from "./types/values.js";
export { VERSION } from "./version.js";
