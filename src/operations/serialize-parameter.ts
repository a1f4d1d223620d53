import { EndpointError } from "../errors/endpoint-error.js";
import { isArray } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { encodeReserved, encodeUnreserved } from "../template/encode.js";
import { loneSurrogate } from "../template/expand-template.js";
import { listItems, mapPairs, readValue, toScalarString } from "../template/template-value.js";

/** Where a described parameter goes, when not in the url template. */
export type ParameterPlace = "query" | "header" | "cookie" | "body";

/** The OpenAPI styles that a url template cannot write, or that need more than it does. */
export type ParameterStyle = "form" | "simple" | "spaceDelimited" | "pipeDelimited" | "deepObject";

/** How one described parameter is sent: read from a code such as `"query deepObject*"`. */
export interface ParameterSerializer {
  readonly place: ParameterPlace;
  /** The name it is sent under (a query key, a header or cookie name). */
  readonly name: string;
  /**
   * The value as sent: `name=...` pieces for the query and the cookie header, the field value
   * for a header; `undefined` when nothing is sent (no value, an empty list or object).
   * `key` is the parameter's name in the call, for messages.
   */
  readonly write: (value: unknown, key: string) => string | undefined;
}

/**
 * OpenAPI's serialisations that RFC 6570 has no expression for. Form, simple, label and matrix
 * are RFC 6570's `{?x}`, `{x}`, `{.x}` and `{;x}` (with `*` for explode) and go in the url
 * template; what is left are query parameters with an own delimiter, deep objects, reserved
 * characters kept (`allowReserved`), a query key other than the parameter's name, and
 * parameters sent in headers and cookies.
 */
export function parameterSerializer(
  place: ParameterPlace,
  style: ParameterStyle,
  explode: boolean,
  allowReserved: boolean,
  name: string,
  keysAsNames = true,
): ParameterSerializer {
  if (place === "header") return { place, name, write: (value, key) => headerValue(value, key, explode) };
  const encodedName = encodeUnreserved(name);
  if (encodedName === undefined) throw loneSurrogate(name);
  const encode = allowReserved ? encodeKeepingReserved : encodeUnreserved;
  const write =
    style === "deepObject"
      ? (value: unknown, key: string) => deepObject(value, key, encodedName)
      : style === "spaceDelimited" && !explode
        ? (value: unknown, key: string) => delimited(value, key, encodedName, "%20", encode)
        : style === "pipeDelimited" && !explode
          ? (value: unknown, key: string) => delimited(value, key, encodedName, "%7C", encode)
          : (value: unknown, key: string) =>
              form(
                value,
                key,
                encodedName,
                explode,
                encode,
                !keysAsNames || place === "cookie" || name !== key,
              );
  return { place, name, write };
}

type Encode = (text: string) => string | undefined;

/**
 * `allowReserved`: RFC 6570's reserved expansion, except for the characters OpenAPI still leaves
 * to the application to encode in a query (3.1.1, `allowReserved`): `[`, `]` and `#` are not
 * allowed there, and `&`, `=` and `+` would split or change the form pair. A value can so never
 * add a query parameter or end the query.
 */
function encodeKeepingReserved(text: string): string | undefined {
  const encoded = encodeReserved(text);
  if (encoded === undefined) return undefined;
  let out = "";
  let start = 0;
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    // A switch, not a lookup in an object: a polluted Object.prototype must not add escapes.
    switch (code) {
      case 35: // #
      case 38: // &
      case 43: // +
      case 61: // =
      case 91: // [
      case 93: // ]
        out += `${encoded.slice(start, i)}%${code.toString(16).toUpperCase()}`;
        start = i + 1;
    }
  }
  return start === 0 ? encoded : out + encoded.slice(start);
}

function encoded(text: string, key: string, encode: Encode): string {
  const out = encode(text);
  if (out === undefined) throw loneSurrogate(key);
  return out;
}

/**
 * A value's parts as OpenAPI reads them: a primitive as one string, a list as its items, an
 * object as its key, value pairs. `undefined` when there is nothing to send.
 */
function partsOf(value: unknown, key: string): Parts | undefined {
  const scalar = toScalarString(value, key);
  if (scalar === undefined) return undefined;
  if (scalar !== null) return { kind: "scalar", scalar };
  if (isArray(value)) {
    const items = listItems(value, key);
    return items.length === 0 ? undefined : { kind: "items", items };
  }
  const pairs = mapPairs(value as Record<string, unknown>, key);
  return pairs.length === 0 ? undefined : { kind: "pairs", pairs };
}

// Told apart by an own `kind`, never by `in`, which would find a polluted Object.prototype.scalar.
type Parts =
  | { readonly kind: "scalar"; readonly scalar: string }
  | { readonly kind: "items"; readonly items: string[] }
  | { readonly kind: "pairs"; readonly pairs: [string, string][] };

/**
 * Form style: `n=a,b` or, exploded, `n=a&n=b`; an object `n=k,v` or, exploded, `k=v`. An
 * exploded object's keys are names, so where the name is fixed (`keyed`: a cookie, whose name
 * a value must not choose, or a query key of its own such as `fields[]`) it is refused.
 */
function form(
  value: unknown,
  key: string,
  name: string,
  explode: boolean,
  encode: Encode,
  keyed: boolean,
): string | undefined {
  const parts = partsOf(value, key);
  if (parts === undefined) return undefined;
  if (parts.kind === "scalar") return `${name}=${encoded(parts.scalar, key, encode)}`;
  if (parts.kind === "items") {
    const items = parts.items.map((item) => encoded(item, key, encode));
    if (!explode) return `${name}=${items.join(",")}`;
    spendNames(name.length * items.length, key);
    return items.map((item) => `${name}=${item}`).join("&");
  }
  if (explode && keyed) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `Parameter ${quote(key)} is an object, whose keys would be sent as names of their own in place of the parameter's: pass a list or a single value.`
        : "",
      { parameter: key },
    );
  }
  const pairs = parts.pairs.map(([k, v]) => [encoded(k, key, encode), encoded(v, key, encode)]);
  return explode
    ? pairs.map(([k, v]) => `${k}=${v}`).join("&")
    : `${name}=${pairs.map(([k, v]) => `${k},${v}`).join(",")}`;
}

/** spaceDelimited and pipeDelimited: the items (or keys and values) joined by the delimiter. */
function delimited(
  value: unknown,
  key: string,
  name: string,
  delimiter: string,
  encode: Encode,
): string | undefined {
  const parts = partsOf(value, key);
  if (parts === undefined) return undefined;
  const texts =
    parts.kind === "scalar" ? [parts.scalar] : parts.kind === "items" ? parts.items : parts.pairs.flat();
  return `${name}=${texts.map((text) => encoded(text, key, encode)).join(delimiter)}`;
}

/**
 * The most characters of names an exploded list or a deep object writes again before each value
 * (`n=a&n=b`, `n%5Bk%5D%5B0%5D=a`). A name can be data (a key of `data` on a form route, a
 * deep object's keys), and written once per item it would make the output grow with the
 * square of the input: past this it is refused.
 */
const MAX_REPEATED_NAMES = 8_000_000;

function spendNames(characters: number, key: string, budget = { names: 0 }): void {
  budget.names += characters;
  if (budget.names > MAX_REPEATED_NAMES) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `Parameter ${quote(key)} would write its names again before each of its values, more than ${MAX_REPEATED_NAMES} characters of them: send fewer values or shorter keys.`
        : "",
      { parameter: key },
    );
  }
}

/** How deep a deep object may nest: a cyclic or absurdly deep value is refused, not walked. */
const MAX_DEEP_OBJECT_DEPTH = 32;

/**
 * deepObject, beyond OpenAPI's one flat object as the APIs that use it read it (qs, Rails,
 * PHP, Stripe): `n[k]=v`, nested objects `n[a][b]=v`, lists by index `n[0]=x`, a single value
 * as `n=v`. Brackets percent-encoded; keys with brackets refused, as a server would read them
 * as another level.
 */
function deepObject(value: unknown, key: string, name: string): string | undefined {
  const pieces: string[] = [];
  deepPieces(value, key, name, pieces, 0, { visited: 0, names: 0 });
  return pieces.length === 0 ? undefined : pieces.join("&");
}

/** The most values one deep object writes: a subtree shared many times is written each time. */
const MAX_DEEP_OBJECT_VALUES = 100_000;

function deepPieces(
  value: unknown,
  key: string,
  prefix: string,
  pieces: string[],
  depth: number,
  budget: { visited: number; names: number },
): void {
  if (++budget.visited > MAX_DEEP_OBJECT_VALUES) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `Parameter ${quote(key)} writes more than ${MAX_DEEP_OBJECT_VALUES} values as a deep object: send fewer.`
        : "",
      { parameter: key },
    );
  }
  if (depth > MAX_DEEP_OBJECT_DEPTH) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `Parameter ${quote(key)} nests deeper than ${MAX_DEEP_OBJECT_DEPTH} levels (or refers to itself): flatten it.`
        : "",
      { parameter: key },
    );
  }
  const scalar = toScalarString(value, key);
  if (scalar === undefined) return;
  if (scalar !== null) {
    spendNames(prefix.length, key, budget);
    pieces.push(`${prefix}=${encoded(scalar, key, encodeUnreserved)}`);
    return;
  }
  const read = readValue(value, key);
  if (isArray(read)) {
    for (let i = 0; i < read.length; i++) {
      deepPieces(read[i], key, `${prefix}%5B${i}%5D`, pieces, depth + 1, budget);
    }
    return;
  }
  const map = read as Record<string, unknown>;
  for (const k of Object.keys(map)) {
    // Servers decode a key before they split it at brackets: `a][b` would nest a level deeper.
    if (k.includes("[") || k.includes("]")) {
      throw new EndpointError(
        "invalid_parameter",
        __DEV__
          ? `Parameter ${quote(key)} has the key ${quote(k)}, whose brackets would read as another level of the deep object: use keys without [ or ].`
          : "",
        { parameter: key },
      );
    }
    deepPieces(map[k], key, `${prefix}%5B${encoded(k, key, encodeUnreserved)}%5D`, pieces, depth + 1, budget);
  }
}

/**
 * Simple style in a header: `a,b`; an object `k,v` or, exploded, `k=v`. Not percent-encoded
 * (a header is not a URL); the header rules check the result where it is set.
 */
function headerValue(value: unknown, key: string, explode: boolean): string | undefined {
  const parts = partsOf(value, key);
  if (parts === undefined) return undefined;
  if (parts.kind === "scalar") return parts.scalar;
  if (parts.kind === "items") return parts.items.join(",");
  return parts.pairs.map(([k, v]) => (explode ? `${k}=${v}` : `${k},${v}`)).join(",");
}
