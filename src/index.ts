export { endpoint } from "./endpoint.js";
export { EndpointError, type EndpointErrorCode } from "./endpoint-error.js";
export type { GitHubRoutes } from "./github-routes.js";
export type {
  CallOptions,
  MethodOf,
  OptionKeys,
  ParamsFor,
  PathValue,
  RequestOptionsFor,
  RouteParams,
  TemplateValue,
} from "./route-types.js";
export { toCurl } from "./to-curl.js";
export { type FetchInit, toFetchArgs } from "./to-fetch-args.js";
export type {
  Endpoint,
  EndpointOptions,
  HeadersInput,
  HeaderValue,
  MediaType,
  MergedOptions,
  Method,
  RequestMethod,
  RequestOptions,
  RequestSettings,
  Route,
} from "./types.js";
export { VERSION } from "./version.js";
