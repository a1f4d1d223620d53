import { type BodyField, operationBody } from "../bodies/operation-body.js";
import { EndpointError } from "../endpoint-error.js";
import { JSON_CONTENT_TYPE } from "../options/build-request.js";
import { checkHeaderName, checkHeaderValue } from "../options/headers.js";
import { OPTION_KEYS } from "../options/option-keys.js";
import { compileUrl } from "../route/compile-route.js";
import { toRequestMethod } from "../route/request-method.js";
import { describeValue } from "../shared/describe-value.js";
import { arrayItems, isArray, isPlainObject, setOwn, snapshot } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { readValue } from "../template/template-value.js";
import type { OperationTable } from "../types/operation-table.js";
import {
  type Credential,
  operationAuthorize,
  readSecurity,
  type SecurityScheme,
} from "./operation-security.js";
import { type CompiledOperation, OPERATION_TABLES } from "./operation-tables.js";
import {
  type ParameterPlace,
  type ParameterSerializer,
  type ParameterStyle,
  parameterSerializer,
} from "./serialize-parameter.js";

export type { OperationTable } from "../types/operation-table.js";
export type { Credential, SecurityScheme } from "./operation-security.js";
export { type ServerModel, serverUrl } from "./server-url.js";

/**
 * One operation as `rest-endpoint generate` writes it: the url template its path and form-style
 * query parameters expand in (a string alone when that is all), and how each other described
 * parameter is sent, by name. A code is `"<in>[ <style>][*][+][ <sent name>]"`: `in` is
 * `query`, `header`, `cookie` or `body`; `*` explodes; `+` keeps reserved characters
 * (`allowReserved`); the sent name defaults to the parameter's.
 */
export type OperationData =
  | string
  | {
      readonly url: string;
      readonly params?: { readonly [name: string]: string } | undefined;
      /**
       * The media type of the body, when not JSON's own: a `+json` type, a form
       * (`application/x-www-form-urlencoded`), `multipart/form-data`, or text or binary sent
       * whole as `data`. It labels what is sent.
       */
      readonly body?: string | undefined;
      /**
       * The description requires a body (`requestBody.required`) of fields (a JSON object, a
       * form, multipart): one is sent, empty, when no field is given.
       */
      readonly bodyRequired?: boolean | undefined;
      /** What the operation answers with: its `accept` when the request has none. */
      readonly accept?: string | undefined;
      /** Its security, when not the table's: alternatives, each a list of scheme names. */
      readonly security?: readonly (readonly string[])[] | undefined;
    };

/** Operations by route, as written in calls: `"GET /pets/{petId}"`. */
export type OperationsData = { readonly [route: string]: OperationData };

/** Settings of a whole table. */
export interface OperationsSettings {
  /** The `accept` of operations whose data gives none, sent when the request has none. */
  readonly accept?: string | undefined;
  /** The API's security schemes, by name (OpenAPI's `components.securitySchemes`, the kinds sent). */
  readonly securitySchemes?: { readonly [name: string]: SecurityScheme } | undefined;
  /** The security of operations whose data gives none: alternatives, each a list of scheme names. */
  readonly security?: readonly (readonly string[])[] | undefined;
  /**
   * Credentials by scheme name: each is sent on the operations whose security asks for it,
   * and only to `servers`.
   */
  readonly credentials?: { readonly [scheme: string]: Credential | undefined } | undefined;
  /** The urls credentials may go to: the API's servers (`{variables}` stand for one segment). */
  readonly servers?: readonly string[] | undefined;
}

const PLACES: ReadonlySet<string> = new Set(["query", "header", "cookie", "body"]);
const STYLES: Readonly<Record<string, readonly string[]>> = {
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
  body: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
};

/**
 * Reads operation data (as `rest-endpoint generate` writes it) into a table that
 * `endpoint.defaults({ operations })` takes. The data is checked and copied now; each operation
 * is compiled the first time it is used.
 *
 * @example
 * ```ts
 * const pets = describeOperations({
 *   "GET /pets": { url: "/pets{?tags*}", params: { filter: "query deepObject*" } },
 * });
 * const api = endpoint.defaults({ baseUrl: "https://pets.example", operations: pets });
 * api("GET /pets", { tags: ["a", "b"], filter: { kind: "cat" } }).url;
 * // "https://pets.example/pets?tags=a&tags=b&filter%5Bkind%5D=cat"
 * ```
 */
export function describeOperations<Routes = unknown>(
  data: OperationsData,
  settings: OperationsSettings = {},
): OperationTable<Routes> {
  if (!isPlainObject(data)) {
    throw invalid(
      __DEV__
        ? `describeOperations() takes an object of operations by route, got ${describeValue(data)}.`
        : "",
    );
  }
  if (!isPlainObject(settings)) {
    throw invalid(
      __DEV__
        ? `The settings of describeOperations() must be an object, got ${describeValue(settings)}.`
        : "",
    );
  }
  const ownSettings = snapshot(settings, __DEV__ ? "the settings" : "");
  const tableAccept = mediaTypes(ownSettings.accept, "accept");
  const security = readSecurity(ownSettings);
  const tableSecurity = readAlternatives(ownSettings.security, "the settings");
  const read = snapshot(data, __DEV__ ? "the operations" : "");
  // By url, then method: a route's url is the same string on every call (compiled routes are
  // cached), whose hash the engine keeps; a joined "METHOD url" key would be hashed anew.
  const entries = new Map<string, Map<string, () => CompiledOperation>>();
  for (const key of Object.keys(read)) {
    const space = key.indexOf(" ");
    const method = key.slice(0, space);
    const routeUrl = key.slice(space + 1);
    if (space === -1 || method !== method.toUpperCase() || routeUrl === "" || /\s/.test(routeUrl)) {
      throw invalid(
        __DEV__
          ? `An operation's route must be "METHOD url" with an uppercase method, such as "GET /pets", got ${quote(key)}.`
          : "",
      );
    }
    const requestMethod = toRequestMethod(method);
    const { url, params, body, bodyRequired, fields, accept, alternatives } = readOperation(read[key], key);
    let compiled: CompiledOperation | undefined;
    let byMethod = entries.get(routeUrl);
    if (byMethod === undefined) {
      byMethod = new Map();
      entries.set(routeUrl, byMethod);
    }
    byMethod.set(method, () => {
      if (compiled === undefined) {
        const plan = compileUrl(url);
        compiled = {
          route: { method, requestMethod, url: routeUrl, plan },
          // Every described name is a parameter, those in the url template too.
          optionNamed: new Set(
            [...params.keys(), ...fields.keys(), ...plan.variableNames].filter((name) =>
              OPTION_KEYS.has(name),
            ),
          ),
          body:
            body === undefined && !bodyRequired
              ? undefined
              : operationBody(body ?? JSON_CONTENT_TYPE, fields, key, bodyRequired),
          accept: accept ?? tableAccept,
          authorize:
            security === undefined
              ? undefined
              : operationAuthorize(security, alternatives ?? tableSecurity ?? [], key),
          send: (key, value, headers) => sendDescribed(params.get(key), key, value, headers),
        };
      }
      return compiled;
    });
  }
  // An empty frozen object that names the table; what it holds is reachable only by the library.
  const table: OperationTable<Routes> = Object.freeze(new DescribedOperations());
  ROUTES.set(table, Object.freeze(Object.keys(read)));
  OPERATION_TABLES.set(table, (method, url) => {
    const byMethod = entries.get(url);
    if (byMethod === undefined) return undefined;
    // Routes name their method in uppercase: the lowercase copy only when that finds nothing.
    return (byMethod.get(method) ?? byMethod.get(method.toUpperCase()))?.();
  });
  return table;
}

const ROUTES = new WeakMap<object, readonly string[]>();

/**
 * The routes a table describes, in the order its data gave them (for a command line's
 * completion, or a list of what an API offers); `undefined` for anything but a table.
 *
 * @example
 * ```ts
 * const table = describeOperations({ "GET /pets": "/pets{?limit}", "POST /pets": "/pets" });
 * operationRoutes(table); // ["GET /pets", "POST /pets"]
 * ```
 */
export function operationRoutes(table: object): readonly string[] | undefined {
  return ROUTES.get(table);
}

/**
 * A class, not a plain object: merged options and `DEFAULTS` then hold the table itself rather
 * than a copy. It has no members; the library finds what a table holds by the table.
 */
class DescribedOperations {}

/** A compiled operation's `send`, for the parameter `described` names (`undefined` if none). */
function sendDescribed(
  described: ParameterSerializer | undefined,
  key: string,
  value: unknown,
  headers: Record<string, string>,
): string | undefined {
  if (described === undefined || described.place === "body") return undefined;
  // Read once, like every other parameter value.
  const text = described.write(readValue(value, key), key);
  if (text === undefined || described.place === "query") return text ?? "";
  if (described.place === "cookie") {
    setOwn(headers, "cookie", Object.hasOwn(headers, "cookie") ? `${headers.cookie}; ${text}` : text);
  } else {
    const name = described.name.toLowerCase();
    checkHeaderValue(name, text);
    setOwn(headers, name, text);
  }
  return "";
}

interface ReadOperation {
  readonly url: string;
  readonly params: ReadonlyMap<string, ParameterSerializer>;
  readonly body: string | undefined;
  readonly bodyRequired: boolean;
  readonly fields: ReadonlyMap<string, BodyField>;
  readonly accept: string | undefined;
  readonly alternatives: readonly (readonly string[])[] | undefined;
}

function readOperation(value: unknown, route: string): ReadOperation {
  const params = new Map<string, ParameterSerializer>();
  const fields = new Map<string, BodyField>();
  if (typeof value === "string") {
    return {
      url: value,
      params,
      body: undefined,
      bodyRequired: false,
      fields,
      accept: undefined,
      alternatives: undefined,
    };
  }
  if (!isPlainObject(value)) {
    throw invalid(
      __DEV__
        ? `Operation ${quote(route)} must be a url template or { url, params }, got ${describeValue(value)}.`
        : "",
    );
  }
  const {
    url,
    params: given,
    body: bodyType,
    bodyRequired: requiredFlag,
    accept: acceptType,
    security: securityData,
  } = snapshot(value, __DEV__ ? `operation ${quote(route)}` : "");
  if (requiredFlag !== undefined && typeof requiredFlag !== "boolean") {
    throw invalid(
      __DEV__
        ? `Operation ${quote(route)} has bodyRequired ${describeValue(requiredFlag)}; it must be true or false.`
        : "",
    );
  }
  const bodyRequired = requiredFlag === true;
  const alternatives = readAlternatives(securityData, `operation ${quote(route)}`);
  const body = mediaTypes(bodyType, `the body of operation ${quote(route)}`);
  const accept = mediaTypes(acceptType, `the accept of operation ${quote(route)}`);
  if (typeof url !== "string") {
    throw invalid(
      __DEV__ ? `Operation ${quote(route)} needs a url template string, got ${describeValue(url)}.` : "",
    );
  }
  if (given === undefined) return { url, params, body, bodyRequired, fields, accept, alternatives };
  if (!isPlainObject(given)) {
    throw invalid(
      __DEV__
        ? `The params of operation ${quote(route)} must be an object of codes, got ${describeValue(given)}.`
        : "",
    );
  }
  const codes = snapshot(given, __DEV__ ? `the params of operation ${quote(route)}` : "");
  for (const name of Object.keys(codes)) {
    const code = codes[name];
    if (typeof code === "string" && code.startsWith("body ") && code.includes("/")) {
      const partType = code.slice(5);
      checkHeaderValue("content-type", partType);
      fields.set(name, { partType });
    } else {
      const serializer = readCode(code, name, route);
      if (serializer.place === "body") fields.set(name, serializer);
      else params.set(name, serializer);
    }
  }
  return { url, params, body, bodyRequired, fields, accept, alternatives };
}

/** Security alternatives: a list of lists of scheme names (`[]` alone: no authentication). */
function readAlternatives(value: unknown, what: string): readonly (readonly string[])[] | undefined {
  if (value === undefined) return undefined;
  const lists = isArray(value)
    ? arrayItems(value, () => invalid(__DEV__ ? `The security of ${what} has a hole.` : ""))
    : undefined;
  const read = lists?.map((names) => (isArray(names) ? arrayItems(names, () => invalid("")) : undefined));
  if (
    read === undefined ||
    read.some((names) => names === undefined || names.some((name) => typeof name !== "string"))
  ) {
    throw invalid(
      __DEV__
        ? `The security of ${what} must be a list of lists of scheme names, such as [["api_key"]].`
        : "",
    );
  }
  return read as string[][];
}

/** A media type (or a list of them, for `accept`) as a header value, or `undefined` if not given. */
function mediaTypes(value: unknown, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "") {
    throw invalid(
      __DEV__
        ? `${what[0]?.toUpperCase()}${what.slice(1)} must be a media type, got ${describeValue(value)}.`
        : "",
    );
  }
  checkHeaderValue("content-type", value);
  return value;
}

/** `"query deepObject*"`, `"header simple"`, `"query form* fields[]"`, `"body"`. */
function readCode(code: unknown, name: string, route: string): ParameterSerializer {
  const bad = (): EndpointError =>
    invalid(
      __DEV__
        ? `Parameter ${quote(name)} of operation ${quote(route)} has the code ${describeValue(code)}; a code is "<in>[ <style>][*][+][ <name>]", such as "query deepObject*" or "header simple".`
        : "",
    );
  if (typeof code !== "string") throw bad();
  // A field of a JSON body, or of a form without an encoding of its own: an object's keys are
  // not written as names of their own unless the description says so ("body form*").
  if (code === "body") return parameterSerializer("body", "form", true, false, name, false);
  const [place = "", styleText = "", sentName = name, extra] = code.split(" ");
  if (extra !== undefined || !PLACES.has(place) || (place === "body" && sentName !== name)) throw bad();
  let style = styleText;
  const allowReserved = style.endsWith("+");
  if (allowReserved) style = style.slice(0, -1);
  const explode = style.endsWith("*");
  if (explode) style = style.slice(0, -1);
  const styles = STYLES[place] as readonly string[];
  if (
    !styles.includes(style) ||
    (allowReserved && place === "header") ||
    (allowReserved && place === "cookie") ||
    sentName === ""
  )
    throw bad();
  // A header or cookie name is a token (RFC 9110): checked now, not when a request is built.
  if (place !== "query") checkHeaderName(sentName);
  return parameterSerializer(
    place as ParameterPlace,
    style as ParameterStyle,
    explode,
    allowReserved,
    sentName,
  );
}

function invalid(message: string): EndpointError {
  return new EndpointError("invalid_options", __DEV__ ? message : "");
}
