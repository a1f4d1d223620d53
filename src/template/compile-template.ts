import { EndpointError } from "../endpoint-error.js";
import { quote } from "../shared/quote.js";
import { isHexDigit, isUriCharacter } from "./encode.js";

/** How one RFC 6570 operator expands (RFC 6570 appendix A). */
export interface Operator {
  readonly first: string;
  readonly separator: string;
  readonly named: boolean;
  readonly ifEmpty: string;
  /** Reserved expansion: keep reserved characters and `%XX` triplets of values. */
  readonly reserved: boolean;
}

export interface VariableSpec {
  readonly name: string;
  /** The name's index in `variableNames`: where expansion finds the value. */
  readonly slot: number;
  /** Prefix length in code points; 0 for none. */
  readonly prefix: number;
  readonly explode: boolean;
}

export interface Expression {
  readonly operator: Operator;
  readonly variables: readonly VariableSpec[];
  /** Where the expression starts in the template, for messages. */
  readonly index: number;
  /** Expanded inside the URL path (before any `?` or `#`). */
  readonly inPath: boolean;
}

/** A compiled template is a list of parts: literal text, already encoded, or an expression. */
export type Part = string | Expression;

export interface CompiledTemplate {
  readonly source: string;
  readonly parts: readonly Part[];
  /** Every variable name, once, in order of first appearance. */
  readonly variableNames: readonly string[];
  /** Route templates only: the slots of `{var}`, `{+var}` and `:name` variables, which must be given. */
  readonly requiredSlots: readonly number[];
  /** The template starts with a scheme (`https:`), so it is a full URL. */
  readonly hasScheme: boolean;
  /** The template's own path (before `?`, `#` or a query expression) ends in `/`. */
  readonly pathEndsWithSlash: boolean;
  /**
   * Path segments before the last that hold only expressions (`/{owner}/`), as `[from, to)`
   * ranges of part indices: if they expand to nothing, the next segment takes their place.
   */
  readonly wholeSegments: readonly (readonly [number, number])[];
  /** An estimate of the memory the compiled template holds, for caches bounded in bytes. */
  readonly bytes: number;
}

const op = (
  first: string,
  separator: string,
  named: boolean,
  ifEmpty: string,
  reserved: boolean,
): Operator => ({ first, separator, named, ifEmpty, reserved });

const SIMPLE = op("", ",", false, "", false);
const OPERATORS: Readonly<Record<string, Operator>> = {
  "+": op("", ",", false, "", true),
  "#": op("#", ",", false, "", true),
  ".": op(".", ".", false, "", false),
  "/": op("/", "/", false, "", false),
  ";": op(";", ";", true, "", false),
  "?": op("?", "&", true, "=", false),
  "&": op("&", "&", true, "=", false),
};
/** The form-style query operator, `{?...}`: leftover GET parameters expand as if in one. */
export const QUERY_OPERATOR: Operator = OPERATORS["?"] as Operator;
/** Operators RFC 6570 reserves for future extensions: using one is an error. */
const RESERVED_OPERATORS = "=,!@|";

const MAX_PREFIX = 9999;

export interface CompileOptions {
  /** Route syntax on top of RFC 6570: `-` in variable names and `:name` path placeholders. */
  readonly route: boolean;
}

/**
 * Parses an RFC 6570 level 4 template into parts, in one left-to-right pass with no
 * backtracking. Every deviation from the RFC grammar throws `invalid_template` with its index.
 */
export function compileTemplate(source: string, options: CompileOptions): CompiledTemplate {
  const parts: Part[] = [];
  const names: string[] = [];
  const slots = new Map<string, number>();
  const required: number[] = [];
  const requiredSeen = new Set<number>();
  const slotOf = (name: string, isRequired: boolean): number => {
    let slot = slots.get(name);
    if (slot === undefined) {
      slot = names.push(name) - 1;
      slots.set(name, slot);
    }
    if (isRequired && !requiredSeen.has(slot)) {
      requiredSeen.add(slot);
      required.push(slot);
    }
    return slot;
  };

  let literal = "";
  let inPath = true;
  let pathEndsWithSlash = false;
  const wholeSegments: [number, number][] = [];
  // The current path segment as written, while it holds only literal text.
  let segment = "";
  let segmentPure = true;
  // The part index where the current segment's expressions start, while it has no literal text.
  let segmentFrom = 0;
  let segmentLiteral = false;
  const endSegment = (final: boolean): void => {
    // A route's own `.` or `..` segment would be resolved away by URL parsers but sent as written
    // by others; refused, so every dot segment in a route's path comes from a value (refused too).
    if (options.route && segmentPure && isDotSegment(segment)) {
      throw templateError(
        source,
        i - segment.length,
        __DEV__
          ? `a "." or ".." path segment, which URL parsers resolve away; write the path without it`
          : "",
      );
    }
    if (!final && !segmentPure && !segmentLiteral) wholeSegments.push([segmentFrom, parts.length]);
    segment = "";
    segmentPure = true;
    segmentLiteral = false;
    segmentFrom = parts.length + (literal === "" ? 0 : 1);
  };

  const length = source.length;
  const hasScheme = startsWithScheme(source);
  // `:name` placeholders live in the path: in `https://user:pw@host:8443/` the colons stay.
  const pathStart = hasScheme ? authorityEnd(source) : 0;
  if (hasScheme && options.route) checkOrigin(source);
  // In a route, after a `{?…}`, `{&…}` or `{#…}` expression that ended the path and until a
  // literal "#": left out, that expression would join whatever follows to the path.
  let openTail = false;
  const tailOnly = (at: number): EndpointError =>
    templateError(
      source,
      at,
      __DEV__
        ? `in a route only {?…}, {&…}, {#…} or a literal "#" may follow a query or fragment expression, since a value left out would join what follows to the path; move the path before it`
        : "",
    );
  let i = 0;
  while (i < length) {
    const code = source.charCodeAt(i);
    if (openTail && code !== 123 /* { */) {
      if (code !== 35 /* # */) throw tailOnly(i);
      openTail = false;
    }
    if (code === 123 /* { */) {
      if (literal !== "") parts.push(flat(literal));
      literal = "";
      const expression = parseExpression(source, i, inPath, options.route, slotOf);
      parts.push(expression);
      const first = expression.operator.first;
      const tail = first === "?" || first === "&" || first === "#";
      if (openTail && !tail) throw tailOnly(i);
      if (inPath) {
        if (tail) {
          endSegment(true);
          inPath = false;
          openTail = options.route;
        } else {
          segmentPure = false;
          pathEndsWithSlash = false;
        }
      }
      i = source.indexOf("}", i) + 1;
      continue;
    }
    if (code === 125 /* } */) {
      throw templateError(
        source,
        i,
        __DEV__ ? `"}" without an opening "{"; remove it or percent-encode it as %7D` : "",
      );
    }
    if (code === 37 /* % */) {
      if (!isHexDigit(source.charCodeAt(i + 1)) || !isHexDigit(source.charCodeAt(i + 2))) {
        throw templateError(
          source,
          i,
          __DEV__ ? `"%" not followed by two hex digits; write a literal "%" as %25` : "",
        );
      }
      literal += source.slice(i, i + 3);
      if (inPath) {
        segment += source.slice(i, i + 3);
        segmentLiteral = true;
      }
      i += 3;
      continue;
    }
    if (
      options.route &&
      code === 58 /* : */ &&
      inPath &&
      i > pathStart &&
      source.charCodeAt(i - 1) === 47 /* / */ &&
      isNameStart(source.charCodeAt(i + 1))
    ) {
      let end = i + 2;
      while (end < length && isNameChar(source.charCodeAt(end))) end++;
      const name = source.slice(i + 1, end);
      if (literal !== "") parts.push(flat(literal));
      literal = "";
      parts.push({
        operator: SIMPLE,
        variables: [{ name, slot: slotOf(name, true), prefix: 0, explode: false }],
        index: i,
        inPath: true,
      });
      segmentPure = false;
      pathEndsWithSlash = false;
      i = end;
      continue;
    }
    if (code < 128) {
      if (!isUriCharacter(code)) {
        throw templateError(
          source,
          i,
          __DEV__
            ? `${describeChar(code)} is not allowed in a URI template; percent-encode it as %${hex(code, 2)}`
            : "",
        );
      }
      literal += source[i];
      if (inPath) {
        if (code === 63 /* ? */ || code === 35 /* # */) {
          endSegment(true);
          inPath = false;
        } else if (code === 47 /* / */) {
          endSegment(false);
          pathEndsWithSlash = true;
        } else {
          segment += source[i];
          segmentLiteral = true;
          pathEndsWithSlash = false;
        }
      }
      i++;
      continue;
    }
    // Non-ASCII literal: only RFC 3987 ucschar and iprivate are allowed; they are UTF-8 encoded.
    const point = source.codePointAt(i) ?? 0;
    const width = point > 0xffff ? 2 : 1;
    if (!isLiteralCodePoint(point)) {
      throw templateError(
        source,
        i,
        __DEV__
          ? `the character U+${hex(point, 4)} is not allowed in a URI template; remove it or percent-encode its UTF-8 bytes`
          : "",
      );
    }
    const encoded = encodeURIComponent(source.slice(i, i + width));
    literal += encoded;
    if (inPath) {
      segment += encoded;
      segmentLiteral = true;
      pathEndsWithSlash = false;
    }
    i += width;
  }
  if (literal !== "") parts.push(flat(literal));
  if (inPath) endSegment(true);

  return {
    source,
    parts,
    variableNames: names,
    requiredSlots: required,
    hasScheme,
    pathEndsWithSlash,
    wholeSegments,
    // Measured: about 400 bytes an expression (its objects, the literal beside it and the
    // route's split copies of the part list), and the text kept twice.
    // Each variable adds its spec object and name, and each distinct one its list and slot entries.
    // Literal text is counted apart: percent-encoded, it can be nine times its source.
    bytes:
      256 +
      4 * source.length +
      400 * (parts.length - literals(parts)) +
      4 * literalLength(parts) +
      100 * specs(parts) +
      200 * names.length,
  };
}

function specs(parts: readonly Part[]): number {
  let count = 0;
  for (const part of parts) if (typeof part !== "string") count += part.variables.length;
  return count;
}

function literalLength(parts: readonly Part[]): number {
  let length = 0;
  for (const part of parts) if (typeof part === "string") length += part.length;
  return length;
}

/**
 * The literal as one flat string: built a character at a time, it is a chain of pieces that
 * would stay in the cache at several times its size. Reading a character makes V8 flatten it.
 */
function flat(literal: string): string {
  literal.charCodeAt(0);
  return literal;
}

function literals(parts: readonly Part[]): number {
  let count = 0;
  for (const part of parts) if (typeof part === "string") count++;
  return count;
}

function isRequiredOperator(operator: Operator): boolean {
  return operator === SIMPLE || operator === OPERATORS["+"];
}

function parseExpression(
  source: string,
  start: number,
  inPath: boolean,
  route: boolean,
  slotOf: (name: string, required: boolean) => number,
): Expression {
  const length = source.length;
  let i = start + 1;
  let operator = SIMPLE;
  const opChar = source[i];
  if (opChar !== undefined && Object.hasOwn(OPERATORS, opChar)) {
    operator = OPERATORS[opChar] ?? SIMPLE;
    i++;
  } else if (opChar !== undefined && RESERVED_OPERATORS.includes(opChar)) {
    throw templateError(
      source,
      i,
      __DEV__ ? `the operator "${opChar}" is reserved by RFC 6570; use one of + # . / ; ? &` : "",
    );
  }
  const variables: VariableSpec[] = [];
  const required = route && isRequiredOperator(operator);
  for (;;) {
    const nameStart = i;
    // varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
    for (;;) {
      const code = source.charCodeAt(i);
      if (isVarChar(code, route)) {
        i++;
      } else if (
        code === 37 /* % */ &&
        isHexDigit(source.charCodeAt(i + 1)) &&
        isHexDigit(source.charCodeAt(i + 2))
      ) {
        i += 3;
      } else if (code === 46 /* . */ && i > nameStart && source.charCodeAt(i - 1) !== 46) {
        i++;
      } else {
        break;
      }
    }
    if (i >= length) throw unclosed(source, start);
    if (i === nameStart) {
      throw templateError(
        source,
        i,
        __DEV__
          ? `expected a variable name, found ${describeChar(source.charCodeAt(i))}; variable names use letters, digits, _, ${route ? "-, " : ""}. and %XX`
          : "",
      );
    }
    if (source.charCodeAt(i - 1) === 46) {
      throw templateError(
        source,
        i - 1,
        __DEV__ ? `a variable name cannot end with "."; remove the dot` : "",
      );
    }
    const name = source.slice(nameStart, i);
    let prefix = 0;
    let explode = false;
    const modifier = source.charCodeAt(i);
    if (modifier === 58 /* : */) {
      i++;
      const digitsStart = i;
      while (i < length && i - digitsStart < 5 && isDigit(source.charCodeAt(i))) i++;
      const digits = source.slice(digitsStart, i);
      prefix = Number(digits);
      if (digits === "" || digits.charCodeAt(0) === 48 || prefix > MAX_PREFIX) {
        throw templateError(
          source,
          digitsStart,
          __DEV__
            ? `invalid prefix length ${digits === "" ? "(none)" : digits}; write a number from 1 to ${MAX_PREFIX} after ":"`
            : "",
        );
      }
    } else if (modifier === 42 /* * */) {
      explode = true;
      i++;
    }
    variables.push({ name, slot: slotOf(name, required), prefix, explode });
    const next = source.charCodeAt(i);
    if (next === 125 /* } */) break;
    if (next === 44 /* , */) {
      i++;
      continue;
    }
    if (i >= length) throw unclosed(source, start);
    throw templateError(
      source,
      i,
      __DEV__
        ? `unexpected ${describeChar(next)} in an expression; separate variables with "," and close with "}"`
        : "",
    );
  }
  return { operator, variables, index: start, inPath };
}

function unclosed(source: string, start: number): EndpointError {
  return templateError(source, start, __DEV__ ? `the expression starting here is not closed; add "}"` : "");
}

/**
 * `invalid_template` at `index`. `problem` (what is wrong; how to fix it) is given as
 * `__DEV__ ? "..." : ""`, so production builds carry neither it nor the text made here.
 */
function templateError(source: string, index: number, problem: string): EndpointError {
  return new EndpointError(
    "invalid_template",
    __DEV__ ? `Invalid URI template ${shownAround(source, index)} at index ${index}: ${problem}.` : "",
    index,
  );
}

/** The template, quoted; a long one only around the fault, so the message stays one readable line. */
function shownAround(source: string, index: number): string {
  if (source.length <= 80) return quote(source);
  const around = JSON.stringify(source.slice(Math.max(0, index - 40), index + 40));
  return `${index > 40 ? "…" : ""}${around}${index + 40 < source.length ? "…" : ""}`;
}

function describeChar(code: number): string {
  if (Number.isNaN(code)) return "the end of the template";
  if (code < 32 || code === 127) return `control character U+${hex(code, 4)}`;
  if (code === 32) return "a space";
  return JSON.stringify(String.fromCharCode(code));
}

function hex(code: number, digits: number): string {
  return code.toString(16).toUpperCase().padStart(digits, "0");
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || isDigit(code);
}

function isVarChar(code: number, route: boolean): boolean {
  return isNameChar(code) || (route && code === 45) /* - */;
}

/** RFC 3987 ucschar and iprivate: the non-ASCII characters a template literal may hold. */
function isLiteralCodePoint(point: number): boolean {
  if (point < 0xa0) return false;
  if (point <= 0xd7ff) return true;
  if (point < 0xe000) return false; // surrogates
  if (point <= 0xfdcf) return true;
  if (point < 0xfdf0) return false;
  if (point <= 0xffef) return true;
  if (point <= 0xffff) return false;
  if ((point & 0xffff) > 0xfffd) return false;
  return point < 0xe0000 || point >= 0xe1000;
}

/** `.`, `..` and their percent-encoded spellings (`%2e`, `.%2E`, ...), as URL parsers read them. */
export function isDotSegment(text: string, start = 0, end: number = text.length): boolean {
  if (end === start || end - start > 6) return false;
  let dots = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 46) {
      dots++;
    } else if (
      code === 37 &&
      i + 2 < end &&
      text.charCodeAt(i + 1) === 50 &&
      (text.charCodeAt(i + 2) | 32) === 101
    ) {
      dots++;
      i += 2;
    } else {
      return false;
    }
  }
  return dots <= 2;
}

/**
 * A full URL in a route names its origin in literal text, `scheme://host[:port]`, ended by a
 * literal `/`, `?`, `#` or the end: a value must never choose the host, and an optional
 * expression right after it that expands to nothing would join what follows to the host.
 */
function checkOrigin(source: string): void {
  const colon = source.indexOf(":");
  if (!source.startsWith("//", colon + 1)) {
    throw templateError(
      source,
      colon + 1,
      __DEV__ ? `a full URL must name its host: write "scheme://host/path"` : "",
    );
  }
  let i = colon + 3;
  while (i < source.length && !"/?#{".includes(source[i] as string)) i++;
  try {
    new URL(source.slice(0, i));
  } catch {
    throw templateError(source, colon + 3, __DEV__ ? "the host or port does not parse as a URL's" : "");
  }
  if (source.charCodeAt(i) === 123 /* { */) {
    throw templateError(
      source,
      i,
      __DEV__
        ? `an expression in the scheme, host or port, or right after it, would let a value choose where the request goes; write the host in the route or in baseUrl, followed by "/", "?" or "#"`
        : "",
    );
  }
}

/** Where the path of a full URL starts: the first `/` after `scheme://authority`. */
function authorityEnd(source: string): number {
  const colon = source.indexOf(":");
  if (!source.startsWith("//", colon + 1)) return colon + 1;
  const slash = source.indexOf("/", colon + 3);
  return slash === -1 ? source.length : slash;
}

/** `^[A-Za-z][A-Za-z0-9+.-]*:`, scanned by hand. */
export function startsWithScheme(text: string): boolean {
  const first = text.charCodeAt(0);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return false;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 58) return true;
    if (!(isNameChar(code) && code !== 95) && code !== 43 && code !== 46 && code !== 45) return false;
  }
  return false;
}
