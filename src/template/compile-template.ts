import { EndpointError } from "../errors/endpoint-error.js";
import { hex } from "../shared/hex.js";
import { lazyPattern } from "../shared/lazy-pattern.js";
import { quote } from "../shared/quote.js";
import { encodeReserved, NOT_RESERVED } from "./encode.js";

/** How one RFC 6570 operator expands (RFC 6570 appendix A). */
export interface Operator {
  readonly first: string;
  readonly separator: string;
  /**
   * Named expansion (`;`, `?`, `&`). An empty value is written `name=` by `?` and `&`, and `name`
   * by `;` (RFC 6570's ifemp), whose expansion tells it apart by `first`.
   */
  readonly named: boolean;
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
}

/** A compiled template is a list of parts: literal text, already encoded, or an expression. */
export type Part = string | Expression;

export interface CompiledTemplate {
  readonly source: string;
  readonly parts: readonly Part[];
  /** Every variable name, once, in order of first appearance. */
  readonly variableNames: readonly string[];
  /** Each variable name's slot, its index in `variableNames`. */
  readonly slots: ReadonlyMap<string, number>;
  /** An estimate of the memory the compiled template holds, for caches bounded in bytes. */
  readonly bytes: number;
}

/**
 * Literal text that stands for the simple expression `{name}`, as a syntax on top of the RFC
 * writes it: one sigil character, then the name (`:id`).
 */
export interface Placeholder {
  /** Where its sigil is in the template: the expression's index, for messages. */
  readonly index: number;
  readonly name: string;
}

/**
 * Syntax on top of RFC 6570, for templates that are not only RFC 6570's (routes, see
 * src/route/plan-url.ts): the engine knows no rule of theirs, only these two extensions.
 */
export interface TemplateExtensions {
  /** Variable names may hold `-` too. */
  readonly dashInNames?: boolean;
  /** Placeholders in literal text, in order, none inside an expression. */
  readonly placeholders?: readonly Placeholder[];
}

/** The operator written `c`, or simple expansion for "" (RFC 6570 appendix A). */
function operator(c: string): Operator {
  const query = c === "?" || c === "&";
  return {
    first: c === "+" ? "" : c,
    // "+#".includes("") is true: simple expansion separates with "," too.
    separator: query ? "&" : "+#".includes(c) ? "," : c,
    named: query || c === ";",
    reserved: c === "+" || c === "#",
  };
}

// Made by one function, so operators share one hidden class: expansion reads them monomorphically.
const SIMPLE = operator("");
// No prototype: an operator character is looked up here, and a polluted Object.prototype must add none.
const OPERATORS: Record<string, Operator | undefined> = Object.create(null);
for (const c of "+#./;?&") OPERATORS[c] = operator(c);
/** The form-style query operator, `{?...}`: leftover GET parameters expand as if in one. */
export const QUERY_OPERATOR: Operator = OPERATORS["?"] as Operator;

/**
 * Where literal text stops: at a `{`, or at a character a template may not hold (one outside
 * RFC 3986's unreserved and reserved sets and RFC 3987's ucschar and iprivate, or a `%` that
 * does not start a `%XX` triplet). Each position is tried once: linear in the template.
 */
const LITERAL_STOP = String.raw`[^!#-;=?-[\]_a-z~\xa0-\u{10ffff}]|[\p{Cs}\p{NChar}\ufff0-\ufffd\u{e0000}-\u{e0fff}]|%(?![\da-f]{2})`;
/**
 * varspec = varname [ ":" prefix / "*" ]; varname = varchar *( ["."] varchar ); varchar = ALPHA /
 * DIGIT / "_" / pct-encoded (and `-` with `dashInNames`). The prefix is read as up to five digits, then checked.
 */
const VARSPEC = /((?:\w|%[\da-f]{2})+(?:\.(?:\w|%[\da-f]{2})+)*)(?::(\d{0,5})|(\*))?/iy;
/** The same, with `-` a name character too. */
const DASHED_VARSPEC = new RegExp(VARSPEC.source.replaceAll("\\w", "[\\w-]"), "iy");
const MAX_PREFIX = 9999;

/**
 * Parses an RFC 6570 level 4 template into parts, in one left-to-right pass with no
 * backtracking. Every deviation from the RFC grammar throws `invalid_template` with its index.
 */
export function compileTemplate(source: string, extensions: TemplateExtensions = {}): CompiledTemplate {
  const { dashInNames, placeholders = [] } = extensions;
  const parts: Part[] = [];
  const names: string[] = [];
  const slots = new Map<string, number>();
  // Measured: about 400 bytes an expression (its objects, the literal beside it and the route's
  // split copies of the part list) and 300 a variable (its spec, name and slot entries), counted
  // as 700 a variable; and the text kept twice. Literal text is counted as stored:
  // percent-encoded, nine times its source.
  let bytes = 256 + 4 * source.length;
  const variable: AddVariable = (name, prefix, explode) => {
    let slot = slots.get(name);
    if (slot === undefined) {
      slot = names.push(name) - 1;
      slots.set(name, slot);
    }
    bytes += 700;
    return { name, slot, prefix, explode };
  };
  const literal = (from: number, to: number): void => {
    if (from === to) return;
    // Stored as reserved expansion writes it: literal text holds nothing outside U+R but
    // characters past ASCII (never a lone surrogate), which it percent-encodes.
    const text = encodeReserved(source.slice(from, to)) as string;
    bytes += 4 * text.length;
    parts.push(text);
  };

  let at = 0;
  let next = 0;
  // The same stops for ASCII text, without the Unicode classes (built on the first template that
  // needs them, see lazyPattern): a stop at a character past ASCII is asked again of the full set.
  // It is the pattern reserved expansion encodes (a run's start is where literal text stops).
  let stops = NOT_RESERVED;
  for (;;) {
    // Set before each search: encodeReserved, in `literal`, runs the same pattern.
    stops.lastIndex = at;
    const stop = stops.exec(source)?.index ?? source.length;
    // A stop past ASCII is asked again of the full set (once: the full set is kept from then on).
    if (source.charCodeAt(stop) >= 128 && stops === NOT_RESERVED) {
      stops = lazyPattern(LITERAL_STOP, "giu");
      continue;
    }
    for (
      let found = placeholders[next];
      found !== undefined && found.index < stop;
      found = placeholders[++next]
    ) {
      literal(at, found.index);
      parts.push({ operator: SIMPLE, variables: [variable(found.name, 0, false)], index: found.index });
      at = found.index + 1 + found.name.length;
    }
    literal(at, stop);
    if (stop === source.length) break;
    if (source.charCodeAt(stop) !== 123 /* { */) {
      throw templateError(source, stop, __DEV__ ? literalProblem(source, stop) : "");
    }
    parts.push(parseExpression(source, stop, dashInNames, variable));
    at = source.indexOf("}", stop) + 1;
  }
  return { source, parts, variableNames: names, slots, bytes };
}

type AddVariable = (name: string, prefix: number, explode: boolean) => VariableSpec;

function parseExpression(
  source: string,
  start: number,
  dashInNames: boolean | undefined,
  variable: AddVariable,
): Expression {
  let i = start + 1;
  const opChar = source.charAt(i);
  const operator = OPERATORS[opChar] ?? SIMPLE;
  if (operator !== SIMPLE) {
    i++;
  } else if (__DEV__ && "=,!@|".includes(opChar || "x")) {
    // Operators RFC 6570 reserves for future extensions. Only named here: production builds
    // refuse them below, as the variable name they stand in place of, at the same index.
    throw templateError(
      source,
      i,
      __DEV__ ? `the operator "${opChar}" is reserved by RFC 6570; use one of + # . / ; ? &` : "",
    );
  }
  const pattern = dashInNames ? DASHED_VARSPEC : VARSPEC;
  const variables: VariableSpec[] = [];
  for (;;) {
    pattern.lastIndex = i;
    const spec = pattern.exec(source);
    if (spec !== null) {
      const name = spec[1] as string;
      i += name.length;
      // The grammar reads a "." after a name as the start of its next part: at the end, or before
      // anything but a name character, it is a trailing dot. Last in the template, it leaves the
      // expression unclosed (a name that runs to the end is found so below).
      if (source.charCodeAt(i) === 46) {
        if (i + 1 >= source.length) throw templateError(source, start, __DEV__ ? UNCLOSED : "");
        // Only named here: production builds refuse the dot below as what may not follow a name,
        // at the same index.
        if (__DEV__) throw templateError(source, i, `a variable name cannot end with "."; remove the dot`);
      }
      // 1 to 9999, with no leading zero.
      const digits = spec[2];
      if (digits !== undefined && !/^[1-9]\d{0,3}$/.test(digits)) {
        throw templateError(
          source,
          i + 1,
          __DEV__
            ? `invalid prefix length ${digits === "" ? "(none)" : digits}; write a number from 1 to ${MAX_PREFIX} after ":"`
            : "",
        );
      }
      i = pattern.lastIndex;
      variables.push(variable(name, Number(digits ?? 0), spec[3] !== undefined));
      const next = source.charCodeAt(i);
      if (next === 125 /* } */) return { operator, variables, index: start };
      if (next === 44 /* , */) {
        i++;
        continue;
      }
    }
    // No variable name where one must start, or neither "," nor "}" after one. At the end of the
    // template, the expression is not closed: the fault is where it starts.
    throw templateError(
      source,
      i >= source.length ? start : i,
      __DEV__
        ? i >= source.length
          ? UNCLOSED
          : spec === null
            ? `expected a variable name, found ${describeChar(source.charCodeAt(i))}; variable names use letters, digits, _, ${dashInNames ? "-, " : ""}. and %XX`
            : `unexpected ${describeChar(source.charCodeAt(i))} in an expression; separate variables with "," and close with "}"`
        : "",
    );
  }
}

const UNCLOSED = `the expression starting here is not closed; add "}"`;

/** What is wrong with the character at `index`, which literal text may not hold, and how to fix it. */
function literalProblem(source: string, index: number): string {
  const code = source.charCodeAt(index);
  if (code === 125) return `"}" without an opening "{"; remove it or percent-encode it as %7D`;
  if (code === 37) return `"%" not followed by two hex digits; write a literal "%" as %25`;
  if (code < 128) {
    return `${describeChar(code)} is not allowed in a URI template; percent-encode it as %${hex(code, 2)}`;
  }
  return `the character U+${hex(source.codePointAt(index) ?? 0, 4)} is not allowed in a URI template; remove it or percent-encode its UTF-8 bytes`;
}

/**
 * `invalid_template` at `index`. `problem` (what is wrong; how to fix it) is given in
 * development builds only (see src/errors/endpoint-error.ts): production builds carry neither it nor
 * the text made here.
 */
export function templateError(source: string, index: number, problem: string): EndpointError {
  return new EndpointError(
    "invalid_template",
    __DEV__ ? `Invalid URI template ${shownAround(source, index)} at index ${index}: ${problem}.` : "",
    { index },
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
