import { bodyBytes } from "../bodies/body-bytes.js";
import { checkJsonLeaf } from "../bodies/check-json-body.js";
import { checkJsonData } from "../bodies/check-json-data.js";
import { checkText } from "../bodies/check-text.js";
import { rawBodyKind } from "../bodies/raw-body-kind.js";
import { EndpointError, withCause } from "../errors/endpoint-error.js";
import { snapshot } from "../errors/read-own.js";
import type { OperationBody } from "../options/operation-tables.js";
import { describeValue } from "../shared/describe-value.js";
import { isArray, isPlainObject } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { encodeUnreserved } from "../template/encode.js";
import { loneSurrogate } from "../template/expand-template.js";
import { readValue, toScalarString } from "../template/template-value.js";
import { type ParameterSerializer, parameterSerializer } from "./serialize-parameter.js";

/**
 * How a described body field is written: a form field by its encoding, a part by its type. A
 * field whose Encoding Object names a JSON `contentType` (`{ partType: "application/json" }`)
 * is one JSON value, in a form as in multipart.
 */
export type BodyField = ParameterSerializer | { readonly partType: string };

/**
 * The families of media type a described body is written for (see `mediaFamily`): JSON, a
 * URL-encoded form, multipart form-data parts, and any other, which comes whole as data.
 */
export const MEDIA_FAMILIES = ["json", "urlencoded", "multipart", "other"] as const;
export type MediaFamily = (typeof MEDIA_FAMILIES)[number];

/** The family of a media type (`MEDIA_FAMILIES`), by its essence. */
export function mediaFamily(type: string): MediaFamily {
  const essence = type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (essence === "application/json" || essence.endsWith("+json")) return "json";
  if (essence === "application/x-www-form-urlencoded") return "urlencoded";
  // Only form-data is what FormData writes; multipart/mixed and others come whole as data.
  if (essence === "multipart/form-data") return "multipart";
  return "other";
}

/**
 * The writer of a described body. A form is written as its fields' encodings say (form style,
 * exploded, by default, as OpenAPI says); multipart as parts (files as they are, bytes as a
 * file of the part's type, objects as JSON); text and binary bodies come whole in `data`.
 */
export function operationBody(
  type: string,
  fields: ReadonlyMap<string, BodyField>,
  route: string,
  required = false,
): OperationBody {
  const kind = mediaFamily(type);
  if (kind === "json") {
    // A required body goes out as `{}` when no field is given, rather than not at all.
    return {
      type,
      write: (data, _keys, values) => (required && nothingGiven(data, values) ? {} : undefined),
    };
  }
  if (kind === "other") {
    return {
      type,
      write: (data, keys, values) => {
        if (required && nothingGiven(data, values)) {
          throw new EndpointError(
            "missing_parameter",
            __DEV__
              ? `Operation ${quote(route)} requires a body, sent whole as ${quote(type)}: pass it as data.`
              : "",
            { option: "data", route },
          );
        }
        // Anything but text, bytes, a Blob or a stream would go out as JSON (an object, a list,
        // null, a number) or as a form, under a type that is neither.
        const dataKind = rawBodyKind(data);
        if (
          data !== undefined &&
          typeof data !== "string" &&
          (dataKind === undefined || dataKind === "formData" || dataKind === "searchParams")
        ) {
          throw new EndpointError(
            "invalid_parameter",
            __DEV__
              ? `Operation ${quote(route)} sends its body as ${quote(type)}, which is not JSON: give data as text, bytes, a Blob or a stream, not ${describeValue(data)}.`
              : "",
            { option: "data", route },
          );
        }
        // `undefined` is "not given": only a value would be lost.
        const given = values.findIndex((value) => value !== undefined);
        if (given !== -1) {
          throw new EndpointError(
            "invalid_parameter",
            __DEV__
              ? `Operation ${quote(route)} takes its body whole, as ${quote(type)}: pass it as data, not as parameter ${quote(keys[given] as string)}.`
              : "",
            { parameter: keys[given] as string, route },
          );
        }
        return undefined;
      },
    };
  }
  const write = kind === "urlencoded" ? formBody : multipartBody;
  const empty = (): URLSearchParams | FormData =>
    kind === "urlencoded" ? new URLSearchParams() : multipartBody([], [], fields);
  return {
    type,
    write: (data, keys, values) => {
      if (data === undefined) {
        const body = keys.length === 0 ? undefined : write(keys, values, fields);
        // A body goes out empty when fields were given that write nothing (null, [], {}), or
        // none was given and the body is required: an empty URLSearchParams or FormData, which
        // fetch labels with its own content-type. The fields never fall back to JSON.
        if (body !== undefined || (!required && nothingGiven(data, values))) return body;
        return empty();
      }
      // A plain object given whole is its fields; text or a body type (a form, bytes) is sent as
      // it is; anything else (null, a list, a number, a Date) would go out as JSON.
      if (typeof data === "string" || rawBodyKind(data) !== undefined) return undefined;
      if (!isPlainObject(data)) {
        throw new EndpointError(
          "invalid_parameter",
          __DEV__
            ? `Operation ${quote(route)} sends a ${type} body: give data as an object of its fields, text, bytes or a form, not ${describeValue(data)}.`
            : "",
          { option: "data", route },
        );
      }
      const read = snapshot(data, __DEV__ ? "data" : "");
      const names = Object.keys(read);
      return (
        write(
          names,
          names.map((name) => read[name]),
          fields,
        ) ?? empty()
      );
    },
  };
}

/** Neither data nor a field's value was given (`undefined` is "not given"). */
function nothingGiven(data: unknown, values: readonly unknown[]): boolean {
  return data === undefined && values.every((value) => value === undefined);
}

/** `application/x-www-form-urlencoded`: each field as its encoding says, in the order given. */
function formBody(
  keys: readonly string[],
  values: readonly unknown[],
  fields: ReadonlyMap<string, BodyField>,
): string | undefined {
  const pieces: string[] = [];
  const budget: JsonPartBudget = { values: 0, written: 0 };
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const field = fields.get(key);
    if (field !== undefined && "partType" in field && mediaFamily(field.partType) === "json") {
      // One JSON value, percent-encoded as the field's value (OpenAPI's Encoding Object).
      const value = readValue(values[i], key);
      if (value !== undefined) pieces.push(`${formText(key)}=${formText(jsonPart(value, key, budget), key)}`);
      continue;
    }
    const writer = field !== undefined && "write" in field ? field : defaultFormField(key);
    const piece = writer.write(readValue(values[i], key), key);
    if (piece !== undefined) pieces.push(piece);
  }
  // No field given: no body, as for a JSON body.
  return pieces.length === 0 ? undefined : pieces.join("&");
}

/** Form text (a name, a JSON value) percent-encoded as a query's, RFC 3986's unreserved kept. */
function formText(text: string, key = text): string {
  const out = encodeUnreserved(text);
  if (out === undefined) throw loneSurrogate(key);
  return out;
}

/**
 * A form field without an encoding: form style, exploded, as OpenAPI's default says, but an
 * object's keys are not written as fields of their own: the description gives a field whose
 * schema is an object the code "body form*", so a value of another kind cannot add fields.
 */
function defaultFormField(name: string): ParameterSerializer {
  return parameterSerializer("body", "form", true, false, name, false);
}

/** `multipart/form-data`: one part per value (a list gives several), in the order given. */
function multipartBody(
  keys: readonly string[],
  values: readonly unknown[],
  fields: ReadonlyMap<string, BodyField>,
): FormData {
  const Form = globalThis.FormData;
  if (typeof Form !== "function") {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__ ? "A multipart body needs FormData, which this runtime lacks: pass the body as data." : "",
    );
  }
  const form = new Form();
  // One budget for every JSON part: a value shared between parts is counted at each.
  const budget: JsonPartBudget = { values: 0, written: 0 };
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    checkText(key, key);
    const field = fields.get(key);
    const partType = field !== undefined && "partType" in field ? field.partType : undefined;
    const value = values[i];
    if (partType !== undefined && mediaFamily(partType) === "json" && rawBodyKind(value) === undefined) {
      // One JSON part, whatever the value's nesting: a list is one JSON array, not a part per item.
      const read = readValue(value, key);
      if (read !== undefined) {
        form.append(key, new Blob([jsonPart(read, key, budget)], { type: partType }), key);
      }
    } else if (isArray(value)) {
      for (const item of readValue(value, key) as unknown[])
        appendPart(form, key, item, partType, true, budget);
    } else {
      appendPart(form, key, value, partType, false, budget);
    }
  }
  return form;
}

function appendPart(
  form: FormData,
  key: string,
  value: unknown,
  partType: string | undefined,
  inList: boolean,
  budget: JsonPartBudget,
): void {
  const kind = rawBodyKind(value);
  if (kind === "blob") {
    // A part with a filename is a file to servers (multer, busboy): a File keeps its own name, a
    // Blob gets the field's, as bytes do, rather than FormData's "blob".
    form.append(key, value as Blob, fileName(value) ?? key);
    return;
  }
  if (kind === "bytes") {
    // Copied: a later change to the caller's buffer must not change the request.
    const bytes = readBytes(value as object, key).slice();
    form.append(key, new Blob([bytes], { type: partType ?? "application/octet-stream" }), key);
    return;
  }
  if (kind !== undefined) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `Parameter ${quote(key)} is a ${kind === "formData" ? "FormData" : kind === "searchParams" ? "URLSearchParams" : "stream"}, which cannot be one part of a multipart body: pass text, bytes, a Blob or plain data.`
        : "",
      { parameter: key },
    );
  }
  const scalar = toScalarString(value, key);
  if (scalar === undefined) return;
  if (scalar === null) {
    if (inList && isArray(value)) {
      throw new EndpointError(
        "invalid_parameter",
        __DEV__
          ? `Parameter ${quote(key)} has a list in its list: each item is one part, a value or an object.`
          : "",
        { parameter: key },
      );
    }
    // An object (or each object of a list, one part each) is a JSON part, as OpenAPI's default says.
    form.append(key, new Blob([jsonPart(value, key, budget)], { type: partType ?? "application/json" }), key);
    return;
  }
  checkText(scalar, key);
  if (partType === undefined || /^text\/plain\b/i.test(partType)) form.append(key, scalar);
  else form.append(key, new Blob([scalar], { type: partType }), key);
}

/** The most values the JSON parts of one body write: a shared subtree is written each time it appears. */
const MAX_JSON_PART_VALUES = 1_000_000;

/** Values checked and written so far by the JSON parts of one multipart body. */
interface JsonPartBudget {
  values: number;
  written: number;
}

/**
 * An object as a JSON part: checked as a JSON body is, bigints as decimal, bounded in size. A
 * string is JSON text the caller wrote (a schema of `type: string` with a JSON contentType
 * describes such text): it goes as it is, as bytes do.
 */
function jsonPart(value: unknown, key: string, budget: JsonPartBudget): string {
  if (typeof value === "string") {
    checkText(value, key);
    return value;
  }
  checkJsonData(value, key, { parameter: key }, budget);
  try {
    return JSON.stringify(value, (_, item: unknown) => {
      if (++budget.written > MAX_JSON_PART_VALUES) throw new RangeError("too many values");
      if (typeof item === "string") checkText(item, key);
      else if (typeof item === "bigint") return item.toString();
      // Inside a form no adapter sees the part again: what JSON would lose (a Map, a boxed
      // NaN, a buffer) is refused here, after any toJSON, as the adapters refuse it.
      else if (!Array.isArray(item) && !isPlainObject(item)) checkJsonLeaf(item, key, { parameter: key });
      return item;
    });
  } catch (error) {
    if (error instanceof EndpointError) throw error;
    throw withCause(
      new EndpointError(
        "invalid_parameter",
        __DEV__
          ? `Parameter ${quote(key)} cannot be written as a JSON part (more than ${MAX_JSON_PART_VALUES} values, or a value JSON cannot hold).`
          : "",
        { parameter: key },
      ),
      error,
    );
  }
}

function readBytes(value: object, key: string): Uint8Array {
  try {
    return bodyBytes(value);
  } catch (error) {
    throw withCause(
      new EndpointError(
        "invalid_parameter",
        __DEV__ ? `Parameter ${quote(key)} holds bytes that cannot be read (a detached buffer?).` : "",
        { parameter: key },
      ),
      error,
    );
  }
}

/** A File's own name; `undefined` for a Blob, or a name that cannot be read. */
function fileName(value: unknown): string | undefined {
  try {
    const name: unknown = (value as { name?: unknown }).name;
    return typeof name === "string" && name !== "" ? name : undefined;
  } catch {
    // a Proxy's trap or a getter of the caller's that throws: the field's name instead
    return undefined;
  }
}
