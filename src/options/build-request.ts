import { checkJsonData } from "../bodies/check-json-data.js";
import { rawBodyKind } from "../bodies/raw-body-kind.js";
import { EndpointError } from "../errors/endpoint-error.js";
import { compileUrl, type UrlPlan } from "../route/compile-route.js";
import { expandUrl, routeOf } from "../route/expand-url.js";
import { toRequestMethod } from "../route/request-method.js";
import { describeValue } from "../shared/describe-value.js";
import { type MethodRule, methodRule, supportedMethods } from "../shared/http.js";
import { setOwn, setUnset } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { readValue } from "../template/template-value.js";
import type { RequestOptions } from "../types/request.js";
import { checkHeaderValue, toHeaderStrings } from "./headers.js";
import { applyMediaType } from "./media-type.js";
import type { Merged } from "./merge.js";
import type { CompiledOperation } from "./operation-tables.js";

/** What a JSON body is labelled when the caller gave no content-type. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Request options from merged options: the url expanded (path, then a GET's leftover
 * parameters as its query, in one pass over the compiled route), other methods' leftover
 * parameters as a JSON body, and the headers settled.
 */
export function buildRequest(merged: Merged): RequestOptions {
  const method = merged.route?.requestMethod ?? toRequestMethod(merged.method);
  // The route's operation, when the builder's table describes it: found by the call's reading
  // (`null`: none), or looked up here (two map reads), so merged options given to parse() need
  // nothing else.
  const operation =
    merged.operation === undefined ? merged.find?.(merged.method, merged.url as string) : merged.operation;
  const plan = operation?.route.plan ?? merged.route?.plan ?? planOf(merged.url);
  const headers = merged.sent === undefined ? requestHeaders(merged) : { ...merged.sent };
  // What the operation answers with, unless the request says what it accepts.
  setUnset(headers, "accept", operation?.accept);
  const { keys, values, data } = merged;
  // The method's rule in the one table (METHODS): 0 and 1 send leftover parameters to the
  // query, 0 has no body, 3 sends an empty one rather than none.
  const rule = methodRule(method) as MethodRule;
  const sendsQuery = rule < 2;

  // One pass over the parameters: each goes to its slot in the url, or is left over (for the
  // query or the body), in the order given, the ones named like an option last.
  const slots = plan.slots;
  const expanded: unknown[] = plan.variableNames.map(() => undefined);
  const leftKeys: string[] = [];
  const leftValues: unknown[] = [];
  // Query that the operation writes its own way (a deep object...); it sets headers itself.
  let query = "";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const slot = slots.get(key);
    const written = slot === undefined ? operation?.send(key, values[i], headers) : undefined;
    if (written !== undefined) {
      if (written !== "") query += (query === "" ? "" : "&") + written;
    } else if (slot === undefined) {
      leftKeys.push(key);
      // A query value is read once, like a path value; a body value is kept as given.
      leftValues.push(sendsQuery ? readValue(values[i], key) : values[i]);
    } else {
      expanded[slot] = readValue(values[i], key);
    }
  }

  let url = expandUrl(plan, expanded, merged.baseUrl, method, sendsQuery ? leftKeys : [], leftValues, query);
  // Where the table sends the operation (its server map), and the credentials it asks for.
  let request = merged.request;
  if (operation?.finish !== undefined) ({ url, request } = operation.finish(url, headers, merged));
  if (data !== undefined) refuseLeftovers(rule, method, merged.url, plan, leftKeys, leftValues);
  // The body's fields are the leftovers, unless they went to the query.
  const body =
    rule === 0
      ? undefined
      : writeBody(rule, operation, data, sendsQuery ? [] : leftKeys, sendsQuery ? [] : leftValues, headers);

  const result: RequestOptions = { method, url, headers };
  setUnset(result as unknown as Record<string, unknown>, "body", body);
  setUnset(result as unknown as Record<string, unknown>, "request", request);
  return result;
}

/**
 * A request with `data` refuses what would be lost beside it: rule 0 sends no body, and
 * elsewhere a parameter left over beside `data` (for the query, it would move the body's
 * meaning; for a body, it would be lost) is said, not dropped (docs/reference.md, Leftover
 * parameters). `undefined` is "not given": only a value would be lost.
 */
function refuseLeftovers(
  rule: MethodRule,
  method: string,
  url: string | undefined,
  plan: UrlPlan,
  leftKeys: readonly string[],
  leftValues: readonly unknown[],
): void {
  const refused = rule === 0 ? undefined : leftKeys.find((_key, i) => leftValues[i] !== undefined);
  if (rule === 0 || refused !== undefined) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? rule === 0
          ? `A ${method.toUpperCase()} request has no body, but data was given: remove data or use a method that sends one: ${supportedMethods(true)}.`
          : `Parameter ${quote(refused as string)} is left over beside data, where it would be lost: put it in the route's query ("${String(url)}{?${refused}}"), or inside data.`
        : "",
      // The parameter left over (none on a method without a body), beside the `data` option.
      { parameter: refused, option: "data", route: routeOf(method, plan) },
    );
  }
}

/**
 * The body of a method that sends one, labelled: a described body other than JSON's own is
 * written by its operation (`undefined` leaves it to the rules below); else `data` as it is,
 * or the fields as one JSON object; rule 3 sends an empty body rather than none.
 */
function writeBody(
  rule: MethodRule,
  operation: CompiledOperation | null | undefined,
  data: unknown,
  fields: readonly string[],
  fieldValues: readonly unknown[],
  headers: Record<string, string>,
): unknown {
  let body = operation?.body?.write(data, fields, fieldValues);
  if (body === undefined && data !== undefined) {
    checkJsonData(data, "data", { option: "data" });
    body = data;
  } else if (body === undefined) {
    // One count for all fields: the body is one JSON text.
    const count = { values: 0 };
    for (let i = 0; i < fields.length; i++) {
      const key = fields[i] as string;
      const value = fieldValues[i];
      if (value === undefined) continue;
      checkJsonData(value, key, { parameter: key }, count);
      body ??= {};
      setOwn(body as Record<string, unknown>, key, value);
    }
  }
  if (body === undefined) return rule === 3 ? "" : body;
  if (body !== "" && !Object.hasOwn(headers, "content-type")) {
    // JSON's content-type, or the operation's described one. Bytes, blobs and streams say what
    // they are themselves unless an operation describes them; a form (FormData,
    // URLSearchParams) always does: a label would break a multipart boundary.
    const kind = rawBodyKind(body);
    if (kind !== "formData" && kind !== "searchParams") {
      setUnset(
        headers,
        "content-type",
        operation?.body?.type ?? (kind === undefined ? JSON_CONTENT_TYPE : undefined),
      );
    }
  }
  return body;
}

function planOf(url: unknown): UrlPlan {
  if (typeof url !== "string" || url === "") {
    throw new EndpointError(
      "invalid_route",
      __DEV__
        ? url === undefined || url === ""
          ? `No url to request: give a route such as "GET /user" or a url option.`
          : `url must be a string such as "/user", got ${describeValue(url)}.`
        : "",
      { option: "url" },
    );
  }
  return compileUrl(url);
}

/** The headers merged options send: lowercase names, validated string values, `accept` set by `mediaType`. */
export function requestHeaders(merged: Merged): Record<string, string> {
  // Merged headers are a record `applyHeaders` wrote (lowercase token names, no null or
  // undefined value, own properties): a copy is all the reading they need.
  const headers = toHeaderStrings({ ...merged.headers });
  const { format, previews } = merged.mediaType;
  // An own header only: a polluted Object.prototype.accept must not bring back a removed one.
  if (Object.hasOwn(headers, "accept") && (format !== "" || previews.length > 0)) {
    // format and previews are spliced into accept: a line break there is an injection too.
    headers.accept = applyMediaType(headers.accept as string, format, previews);
    checkHeaderValue("accept", headers.accept);
  }
  return headers;
}
