import { EndpointError } from "../endpoint-error.js";
import { describeValue } from "../shared/describe-value.js";
import { quote } from "../shared/quote.js";
import type { Method, RequestMethod } from "../types/request.js";

/**
 * The one table of the methods the library sends, in any case: routes, merged options and
 * hand-made request options are all checked against it. Without the `u` flag, `i` matches
 * ASCII letters only, so no Kelvin sign passes for a "k".
 */
const METHOD = /^(?:get|head|post|put|patch|delete)$/i;

/** The same methods, as messages name them. */
export const SUPPORTED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";

/** The uppercase method for one of the six REST methods written in any case; `undefined` for any other value. */
export function supportedMethod(method: unknown): Method | undefined {
  return typeof method === "string" && METHOD.test(method) ? (method.toUpperCase() as Method) : undefined;
}

/** The lowercase method, or `unsupported_method` for anything but the six REST methods. */
export function toRequestMethod(method: unknown, route?: string): RequestMethod {
  if (typeof method === "string" && METHOD.test(method)) return method.toLowerCase() as RequestMethod;
  throw new EndpointError(
    "unsupported_method",
    __DEV__
      ? `Unsupported method ${typeof method === "string" ? quote(method) : describeValue(method)}${route === undefined ? "" : ` in route ${quote(route)}`}: use one of ${SUPPORTED_METHODS}.`
      : "",
  );
}

/** True for a word that names an HTTP method, supported or not: a route of one such word lacks its url. */
export function isMethodName(word: string): boolean {
  return METHOD.test(word) || /^(?:options|trace|connect|query)$/i.test(word);
}
