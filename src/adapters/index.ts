// `rest-endpoint/adapters`: request options as the arguments of an HTTP client (fetch, curl)
// pagination over them, and a typed send.
export { nextRequest } from "./next-request.js";
export { type PaginateClient, paginate, type TypedResponse } from "./paginate.js";
export type { MaskedRequest } from "./response-error.js";
export { ResponseError } from "./response-error.js";
export {
  type Send,
  type SenderClient,
  type SendOrThrow,
  type Sent,
  type SentData,
  type SentError,
  sender,
} from "./sender.js";
export { toCurl } from "./to-curl.js";
export {
  FETCH_DEFAULTS,
  FETCH_INIT_FIELDS,
  type FetchInit,
  type FetchSettings,
  toFetchArgs,
} from "./to-fetch-args.js";
