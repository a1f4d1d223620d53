import { EndpointError } from "../errors/endpoint-error.js";
import { arrayItems, snapshot } from "../errors/read-own.js";
import { checkHeaderName, checkHeaderValue } from "../options/headers.js";
import { describeValue } from "../shared/describe-value.js";
import { isArray, isPlainObject } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import type { BodyField } from "./operation-body.js";
import {
  type ParameterPlace,
  type ParameterSerializer,
  type ParameterStyle,
  parameterSerializer,
} from "./serialize-parameter.js";

const PLACES: ReadonlySet<string> = new Set(["query", "header", "cookie", "body"]);
const STYLES: Readonly<Record<string, readonly string[]>> = {
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
  body: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
};

/** One operation of a table's data, read and checked. */
export interface ReadOperation {
  readonly url: string;
  readonly params: ReadonlyMap<string, ParameterSerializer>;
  readonly body: string | undefined;
  readonly bodyRequired: boolean;
  readonly fields: ReadonlyMap<string, BodyField>;
  readonly accept: string | undefined;
  readonly alternatives: readonly (readonly string[])[] | undefined;
}

export function readOperationData(value: unknown, route: string): ReadOperation {
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
export function readAlternatives(value: unknown, what: string): readonly (readonly string[])[] | undefined {
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
export function mediaTypes(value: unknown, what: string): string | undefined {
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
