import { EndpointError } from "../errors/endpoint-error.js";
import { quote } from "../shared/quote.js";
import { closestRoutes } from "./closest-routes.js";

/**
 * The refusal of a route that a table does not describe, naming the closest routes it does:
 * on a builder made from a description, a route outside it would otherwise go out by the
 * rules of a plain route (GitHub's), which are not that API's.
 */
export function unknownRoute(route: string, routes: readonly string[]): EndpointError {
  let message = "";
  if (__DEV__) {
    const close = closestRoutes(route, routes);
    message = `Route ${quote(route)} is not described by this builder's operations (${routes.length === 1 ? "one route" : `${routes.length} routes`}).${close.length === 0 ? "" : ` Did you mean ${close.map(quote).join(" or ")}?`} To send a route the table does not describe by the rules of a plain route, make the builder with withPlainRoutes(api) from rest-endpoint/operations.`;
  }
  return new EndpointError("invalid_route", __DEV__ ? message : route, { route });
}
