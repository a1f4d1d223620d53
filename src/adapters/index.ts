// `rest-endpoint/adapters`: request options as the arguments of an HTTP client (fetch, curl)
// and pagination over them.
export { nextRequest } from "./next-request.js";
export { type PaginateClient, paginate, type TypedResponse } from "./paginate.js";
export { toCurl } from "./to-curl.js";
export {
  FETCH_DEFAULTS,
  FETCH_INIT_FIELDS,
  type FetchInit,
  type FetchSettings,
  toFetchArgs,
} from "./to-fetch-args.js";
