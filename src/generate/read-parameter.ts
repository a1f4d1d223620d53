import { CONNECTION_HEADERS, CONTROL_HEADERS, FRAMING_HEADERS, sendsBody } from "../shared/http.js";
import { asObject } from "./read-refs.js";
import type { Readers } from "./read-request-body.js";
import type { RouteTypeSettings } from "./route-type-settings.js";
import { type OperationModel, type ParameterModel, ROUTE_OPTION_KEYS } from "./route-types.js";
import { type Schema, valueKind } from "./schema-type.js";

/** An operation's model while its parameters, body and responses are read into it. */
export type OperationDraft = OperationModel & {
  path: OperationModel["path"][number][];
  query: ParameterModel[];
  header: ParameterModel[];
  cookie: ParameterModel[];
  body: ParameterModel[];
  params: Record<string, string>;
};

/**
 * What the operation's parameters write beyond the model: the names they take, the form-style
 * query names the url template lists, each path expression's RFC 6570 form, and the path's
 * `/:name` placeholders that no parameter declares (left: literal text).
 */
export interface PlacedParameters {
  readonly taken: Set<string>;
  readonly formQuery: string[];
  readonly expressions: Map<string, string>;
  readonly inPath: ReadonlySet<string>;
  readonly colonNames: Set<string>;
}

/** Where a parameter is read: the operation's method (lowercase) and name in notes, and how. */
export interface ParameterContext {
  readonly method: string;
  readonly where: string;
  readonly readers: Readers;
  readonly options: RouteTypeSettings;
  readonly notes: string[];
}

/**
 * Headers that frame the message or the connection, or that cookie parameters write: a value
 * there could split the request (`content-length`) or send it to another virtual host.
 */
export const REFUSED_HEADERS: ReadonlySet<string> = new Set([
  ...FRAMING_HEADERS,
  ...CONNECTION_HEADERS,
  ...CONTROL_HEADERS,
  "cookie",
]);

const DEFAULT_STYLE: Readonly<Record<string, string>> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};

/** RFC 6570 variable names (with `-`, as routes allow), so a name can sit in the url template. */
const VARIABLE_NAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:[A-Za-z0-9_.-]|%[0-9A-Fa-f]{2})*$/;

/** A parameter name longer than this cannot be a real one, and would only cost memory. */
const MAX_NAME_LENGTH = 1_000;

/** How a Parameter Object is written: its style, whether lists explode (`*`), its type and kind. */
interface Written {
  readonly name: string;
  readonly style: string;
  readonly star: "*" | "";
  readonly type: string;
  readonly kind: string;
  readonly entry: ParameterModel;
}

/**
 * Reads one Parameter Object (its name and place already checked to be strings of a known
 * place) into the model: a path expression, a query name in the template or a code, a header or
 * a cookie code. One that cannot be sent as described is left out with a note.
 */
export function readParameter(
  parameter: Schema,
  model: OperationDraft,
  placed: PlacedParameters,
  context: ParameterContext,
): void {
  const name = parameter.name as string;
  const place = parameter.in as string;
  const refusal = nameRefusal(name, place, placed.taken);
  if (refusal !== undefined) {
    context.notes.push(`${context.where}: ${refusal}`);
    return;
  }
  placed.taken.add(name);
  const written = writtenAs(parameter, name, place, context.readers);
  if (place === "path") readPathParameter(written, model, placed, context);
  else if (place === "query") readQueryParameter(parameter, written, model, placed, context);
  else if (place === "header") {
    model.header.push(written.entry);
    model.params[name] = `header simple${written.star}`;
  } else {
    model.cookie.push(written.entry);
    model.params[name] = `cookie form${written.star}`;
  }
}

/** Why a parameter of this name and place is left out, as a note's text, or `undefined`. */
function nameRefusal(name: string, place: string, taken: ReadonlySet<string>): string | undefined {
  // OpenAPI says header parameters named Accept, Content-Type and Authorization are ignored
  // (the media types and security schemes say them). They stay header parameters here: left
  // out, a value given for one would be a leftover, sent in the query or a JSON body (a
  // credential in a url).
  if (place === "header" && REFUSED_HEADERS.has(name.toLowerCase())) {
    return `header parameter ${JSON.stringify(name)} would frame the message or its connection; it is left out.`;
  }
  if (name === "") return `a ${place} parameter without a name is left out.`;
  if (name.length > MAX_NAME_LENGTH) {
    return `a ${place} parameter's name is longer than ${MAX_NAME_LENGTH} characters; it is left out.`;
  }
  // A call could not pass it (`{ __proto__: v }` sets a prototype), nor a module list it.
  if (name === "__proto__")
    return `${place} parameter "__proto__" cannot be given in a call and is left out.`;
  if (taken.has(name))
    return `${place} parameter ${JSON.stringify(name)} has the name of another and is left out.`;
  return undefined;
}

function writtenAs(parameter: Schema, name: string, place: string, { resolve, typeOf }: Readers): Written {
  const style = typeof parameter.style === "string" ? parameter.style : (DEFAULT_STYLE[place] as string);
  const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
  const schema = parameter.schema ?? firstContentSchema(parameter.content);
  const type = parameter.content !== undefined ? "string" : typeOf(schema ?? {});
  const entry: ParameterModel = { name, required: parameter.required === true || place === "path", type };
  const kind = parameter.content !== undefined ? "primitive" : valueKind(schema ?? {}, resolve);
  // Exploding changes lists and objects only: a single value is written the same either way.
  const star = explode && kind !== "primitive" ? "*" : "";
  return { name, style, star, type, kind, entry };
}

function readPathParameter(
  { name, style, star, type, kind }: Written,
  model: OperationDraft,
  placed: PlacedParameters,
  context: ParameterContext,
): void {
  const operator = style === "label" ? "." : style === "matrix" ? ";" : style === "simple" ? "" : undefined;
  const listed = kind === "primitive" || kind === "any" ? name : { name, type };
  if (placed.colonNames.has(name) && !placed.inPath.has(name) && style === "simple") {
    placed.colonNames.delete(name);
    model.path.push(listed);
    return;
  }
  if (operator === undefined || !VARIABLE_NAME.test(name) || !placed.inPath.has(name)) {
    context.notes.push(
      `${context.where}: path parameter ${JSON.stringify(name)} (style ${style}) cannot be sent as described and is left out.`,
    );
    return;
  }
  // The route keeps `{name}` as callers write it; the operation's template says how it expands.
  placed.expressions.set(name, `{${operator}${name}${star}}`);
  model.path.push(listed);
}

function readQueryParameter(
  parameter: Schema,
  { name, style, star, kind, entry }: Written,
  model: OperationDraft,
  placed: PlacedParameters,
  { method, where, options, notes }: ParameterContext,
): void {
  const allowReserved = parameter.allowReserved === true;
  const sentName = options.queryName?.(parameter) ?? name;
  // A name with a meaning of its own among the options (`baseUrl`, `headers`) is a
  // parameter only where the operation names it: written by its code, never left over.
  const optionNamed = ROUTE_OPTION_KEYS.has(name);
  if (style === "form" && !allowReserved && sentName === name && VARIABLE_NAME.test(name) && !optionNamed) {
    model.query.push(entry);
    // A GET's leftover parameters are its query as `{?name}` writes it: a single value or
    // an unexploded list needs no expression of its own (an object does: a leftover object
    // is refused), and a template naming every parameter costs every call. Not where a body
    // may be given (OPTIONS): a leftover beside `data` is refused.
    const leftover = !sendsBody(method) && star === "" && (kind === "primitive" || kind === "array");
    if (!leftover) placed.formQuery.push(name + star);
  } else if (["form", "spaceDelimited", "pipeDelimited", "deepObject"].includes(style)) {
    model.query.push(entry);
    model.params[name] =
      `query ${style}${star}${allowReserved ? "+" : ""}${sentName === name ? "" : ` ${sentName}`}`;
  } else {
    notes.push(
      `${where}: query parameter ${JSON.stringify(name)} has style ${style}, which a query cannot take; it is left out.`,
    );
  }
}

function firstContentSchema(content: unknown): unknown {
  const first = Object.values(asObject(content ?? {}, "content"))[0] as Schema | undefined;
  return first?.schema;
}
