import { EndpointError } from "../errors/endpoint-error.js";
import { describeValue } from "../shared/describe-value.js";
import { methodRule, supportedMethods } from "../shared/http.js";
import { quote } from "../shared/quote.js";
import type { RequestMethod } from "../types/request.js";

/**
 * The lowercase method, or `unsupported_method` for anything but a method of the one table
 * (`METHODS`): routes, merged options and hand-made request options are all checked against it.
 */
export function toRequestMethod(method: unknown, route?: string): RequestMethod {
  if (methodRule(method) !== undefined) return (method as string).toLowerCase() as RequestMethod;
  throw new EndpointError(
    "unsupported_method",
    __DEV__
      ? `Unsupported method ${typeof method === "string" ? quote(method) : describeValue(method)}${route === undefined ? "" : ` in route ${quote(route)}`}: use one of ${supportedMethods()}.`
      : "",
    route === undefined ? { option: "method" } : { route },
  );
}
