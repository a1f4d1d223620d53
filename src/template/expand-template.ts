import type { EndpointError } from "../errors/endpoint-error.js";
import type { Expression, Operator, Part, VariableSpec } from "./compile-template.js";
import { encodeReserved, encodeUnreserved } from "./encode.js";
import { invalidValue, nestedAt, toScalarString } from "./template-value.js";

/**
 * Runs a compiled template against values (RFC 6570 section 3). `values` holds each variable's
 * value at its slot (its index in `variableNames`), read once by `readValue`.
 */
export function expandParts(parts: readonly Part[], values: readonly unknown[]): string {
  let out = "";
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part;
    out += typeof part === "string" ? part : expandExpression(part, values);
  }
  return out;
}

export function expandExpression(expression: Expression, values: readonly unknown[]): string {
  const { operator, variables } = expression;
  let out = "";
  let first = true;
  for (let i = 0; i < variables.length; i++) {
    const spec = variables[i] as VariableSpec;
    const value = values[spec.slot];
    if (value === undefined || value === null) continue;
    const piece = expandVariable(operator, spec, value);
    if (piece === undefined) continue;
    out += (first ? operator.first : operator.separator) + piece;
    first = false;
  }
  return out;
}

/**
 * One variable of an expression, without the operator's leading character; `undefined` when
 * undefined. `value` is as `readValue` gives it: an object is a list or plain map of our own,
 * told apart without asking again.
 */
export function expandVariable(operator: Operator, spec: VariableSpec, value: unknown): string | undefined {
  const { name, explode } = spec;
  const { named } = operator;
  const scalar =
    typeof value === "string" ? value : typeof value === "object" ? null : toScalarString(value, name);
  if (scalar === undefined) return undefined;
  if (scalar !== null) {
    const text = spec.prefix > 0 ? prefixOf(scalar, spec.prefix) : scalar;
    const encoded = encodeValue(text, operator, name);
    if (!named) return encoded;
    // An empty value is `name=` (its encoding is empty too), but `name` alone after `;`.
    return text === "" && operator.first === ";" ? name : `${name}=${encoded}`;
  }
  if (spec.prefix > 0) {
    throw invalidValue(
      name,
      __DEV__
        ? `is a list or object, but the template applies the prefix ":${spec.prefix}" to it: a prefix applies only to strings; pass a string or remove the prefix`
        : "",
    );
  }
  // A list's items, or a plain object's keys (a copy of its own, see readValue), written as read.
  const list = Array.isArray(value);
  const map = value as Record<string, unknown>;
  const keys = list ? value : Object.keys(map);
  let out = "";
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = toScalarString(list ? key : map[key], name);
    if (item === null) throw invalidValue(name, __DEV__ ? nestedAt(list ? i : key) : "");
    if (item === undefined) continue;
    const text = encodeValue(item, operator, name);
    const label = list ? name : encodeValue(key, operator, name);
    if (count++ > 0) out += explode ? operator.separator : ",";
    if (!explode) out += list ? text : `${label},${text}`;
    else if (list && !named) out += text;
    else out += item === "" && operator.first === ";" ? label : `${label}=${text}`;
  }
  if (count === 0) return undefined;
  return explode || !named ? out : `${name}=${out}`;
}

/** `text` encoded as `operator` expands values; a lone surrogate in it is parameter `name`'s error. */
export function encodeValue(text: string, operator: Operator, name: string): string {
  const encoded = operator.reserved ? encodeReserved(text) : encodeUnreserved(text);
  // Written out rather than through loneSurrogate: production bundles without operations keep no helper.
  if (encoded === undefined) throw invalidValue(name, __DEV__ ? LONE_SURROGATE : "");
  return encoded;
}

const LONE_SURROGATE =
  "holds a lone UTF-16 surrogate, which has no UTF-8 form and cannot be put in a URL; pass well-formed text (String.prototype.toWellFormed() repairs it)";

export function loneSurrogate(name: string): EndpointError {
  return invalidValue(name, __DEV__ ? LONE_SURROGATE : "");
}

/** The first `length` code points: a surrogate pair counts as one character. */
function prefixOf(text: string, length: number): string {
  let end = 0;
  for (let count = 0; count < length && end < text.length; count++) {
    // A high surrogate followed by a low one is one code point (past U+FFFF); a lone one is one too.
    end += (text.codePointAt(end) as number) > 0xffff ? 2 : 1;
  }
  return text.slice(0, end);
}
