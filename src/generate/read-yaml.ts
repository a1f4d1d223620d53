// A YAML reader for the part of YAML 1.2 that OpenAPI descriptions use, so that the code
// generator needs no dependency. It reads one document into plain JSON values and refuses,
// with the line and column, whatever it does not support rather than guessing.

const MAX_DEPTH = 1000;
// An alias is a reference, but whoever walks the result walks every copy: a few lines of
// nested aliases ("billion laughs") would otherwise stand for billions of nodes.
const MAX_ALIAS_NODES = 1_000_000;

const ESCAPES = new Map([
  ["0", "\0"],
  ["a", "\x07"],
  ["b", "\b"],
  ["t", "\t"],
  ["\t", "\t"],
  ["n", "\n"],
  ["v", "\v"],
  ["f", "\f"],
  ["r", "\r"],
  ["e", "\x1b"],
  [" ", " "],
  ['"', '"'],
  ["/", "/"],
  ["\\", "\\"],
  ["N", "\x85"],
  ["_", "\xa0"],
  ["L", "\u2028"],
  ["P", "\u2029"],
]);
const HEX_DIGITS: Record<string, number> = { x: 2, u: 4, U: 8 };

const TAGS = new Set(["!", "!!str", "!!int", "!!float", "!!bool", "!!null", "!!map", "!!seq"]);

// The core schema's patterns, tried on one plain scalar at a time: none can backtrack more
// than linearly.
const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const INF = /^[-+]?\.(?:inf|Inf|INF)$/;
const NAN = /^\.(?:nan|NaN|NAN)$/;

/** The anchor and tag written before a node. */
interface Props {
  readonly anchor: string | undefined;
  readonly tag: string | undefined;
  readonly tagAt: number;
  /** The start of the line the last property was on: properties there may not lead a key. */
  readonly line: number;
  /** Nodes produced before this node, so that an anchor knows how many it stands for. */
  readonly nodes: number;
}
const NO_PROPS: Props = { anchor: undefined, tag: undefined, tagAt: 0, line: -1, nodes: 0 };

/**
 * Reads a YAML 1.2 document (the subset OpenAPI descriptions are written in) into plain JSON
 * values, with the core schema: block and flow collections, every scalar style, comments,
 * anchors and aliases. Keys stay text (`200:` is "200"). Throws an `Error` naming the line and
 * column of anything malformed or unsupported: tabs as indentation, duplicate keys, keys that
 * are not scalars, anchors or tags on keys, merge keys, tags other than the core ones, a second
 * document, nesting deeper than 1,000 levels.
 *
 * @example
 * ```ts
 * readYaml("openapi: 3.1.0\npaths:\n  /pets:\n    get: {operationId: listPets}\n");
 * // { openapi: "3.1.0", paths: { "/pets": { get: { operationId: "listPets" } } } }
 * readYaml("code: '200'\nlimit: 0x10\nnote: |\n  two\n  lines\n"); // { code: "200", limit: 16, note: "two\nlines\n" }
 * ```
 */
export function readYaml(text: string): unknown {
  return new Reader(text).document();
}

function isBlank(c: string | undefined): boolean {
  return c === undefined || c === " " || c === "\t" || c === "\n";
}

function isFlowIndicator(c: string | undefined): boolean {
  return c === "," || c === "[" || c === "]" || c === "{" || c === "}";
}

/**
 * Adds an own data property, as `JSON.parse` does. A key that `Object.prototype` has too
 * (`__proto__`, or whatever a polluted prototype gained) is defined rather than assigned:
 * assigning it would set the prototype, or call a setter.
 */
function define(map: Record<string, unknown>, key: string, value: unknown): void {
  if (key in Object.prototype) {
    Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    map[key] = value;
  }
}

function resolvePlain(text: string): unknown {
  switch (text) {
    case "":
    case "~":
    case "null":
    case "Null":
    case "NULL":
      return null;
    case "true":
    case "True":
    case "TRUE":
      return true;
    case "false":
    case "False":
    case "FALSE":
      return false;
  }
  // Most text cannot be a number: spare it the patterns.
  const first = text[0] ?? "";
  if (!"+-.".includes(first) && !(first >= "0" && first <= "9")) return text;
  if (INT.test(text)) return Number(text);
  if (OCT.test(text)) return Number.parseInt(text.slice(2), 8);
  if (HEX.test(text)) return Number.parseInt(text.slice(2), 16);
  if (FLOAT.test(text)) return Number(text);
  if (INF.test(text)) return text.startsWith("-") ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  if (NAN.test(text)) return Number.NaN;
  return text;
}

class Reader {
  readonly src: string;
  pos = 0;
  lineStart = 0;
  depth = 0;
  nodes = 0;
  aliasNodes = 0;
  readonly anchors = new Map<string, { readonly value: unknown; readonly size: number }>();

  constructor(text: string) {
    // One kind of line break makes every later check simpler; a byte order mark is no content.
    this.src = (text.startsWith("\uFEFF") ? text.slice(1) : text).replace(/\r\n?/g, "\n");
  }

  fail(message: string, at: number = this.pos): never {
    let line = 1;
    let start = 0;
    for (let i = this.src.indexOf("\n"); i !== -1 && i < at; i = this.src.indexOf("\n", i + 1)) {
      line++;
      start = i + 1;
    }
    throw new Error(`YAML line ${line}, column ${at - start + 1}: ${message}`);
  }

  document(): unknown {
    const src = this.src;
    this.skipToContent();
    let version: string | undefined;
    while (src[this.pos] === "%" && this.pos === this.lineStart) version = this.directive(version);
    let root: unknown = null;
    if (this.isMarker(this.pos, "---")) {
      this.pos += 3;
      root = this.blockNode(-1, false, false, NO_PROPS);
    } else {
      if (version !== undefined) this.fail("a %YAML directive must be followed by '---'");
      if (this.pos < src.length && !this.isMarker(this.pos, "...")) {
        root = this.blockNode(-1, true, false, NO_PROPS);
      }
    }
    if (this.isMarker(this.pos, "...")) {
      this.pos += 3;
      this.endLine("'...'");
      if (this.pos < src.length) this.fail("only one YAML document is supported");
    } else if (this.isMarker(this.pos, "---")) {
      this.fail("only one YAML document is supported");
    } else if (this.pos < src.length) {
      this.fail("unexpected content after the document's root node (check the indentation)");
    }
    return root;
  }

  directive(version: string | undefined): string {
    const src = this.src;
    const at = this.pos;
    let i = at + 1;
    while (!isBlank(src[i])) i++;
    const name = src.slice(at + 1, i);
    if (name !== "YAML") this.fail(`the %${name} directive is not supported`, at);
    if (version !== undefined) this.fail("the %YAML directive may appear only once", at);
    while (src[i] === " " || src[i] === "\t") i++;
    const from = i;
    while (!isBlank(src[i])) i++;
    const value = src.slice(from, i);
    if (!/^1\.[0-9]+$/.test(value)) this.fail(`YAML version "${value}" is not supported`, from);
    this.pos = i;
    this.endLine("the %YAML directive");
    return value;
  }

  /** `---` or `...` starting the line at `at` and followed by whitespace. */
  isMarker(at: number, marker?: "---" | "..."): boolean {
    const src = this.src;
    if ((at !== 0 && src[at - 1] !== "\n") || !isBlank(src[at + 3])) return false;
    const three = src.slice(at, at + 3);
    return marker === undefined ? three === "---" || three === "..." : three === marker;
  }

  /**
   * From a line break or a line start, past blank and comment lines, to the first character
   * of the next line with content (or the end).
   */
  skipToContent(): void {
    const src = this.src;
    if (src[this.pos] === "\n") this.lineStart = ++this.pos;
    while (this.pos < src.length) {
      let i = this.pos;
      while (src[i] === " ") i++;
      let j = i;
      while (src[j] === " " || src[j] === "\t") j++;
      if (src[j] === "#") {
        j = src.indexOf("\n", j);
        if (j === -1) j = src.length;
      }
      if (j >= src.length) {
        this.pos = j;
        return;
      }
      if (src[j] === "\n") {
        this.lineStart = this.pos = j + 1;
        continue;
      }
      // Block structure is read from the indentation, and a tab has no agreed width.
      if (j !== i) this.fail("a tab cannot indent a line", i);
      this.pos = i;
      return;
    }
  }

  /** Skips spaces and tabs, then tells whether the line ends here (perhaps with a comment). */
  atLineEnd(): boolean {
    const src = this.src;
    while (src[this.pos] === " " || src[this.pos] === "\t") this.pos++;
    const c = src[this.pos];
    return (
      c === undefined ||
      c === "\n" ||
      (c === "#" && (this.pos === this.lineStart || isBlank(src[this.pos - 1])))
    );
  }

  /** After a node: only a comment may follow on its line; then on to the next content line. */
  endLine(what = "the value"): void {
    if (!this.atLineEnd()) {
      this.fail(
        this.src[this.pos] === ":"
          ? "unexpected ':' (quote a scalar that contains ': ', and start a nested mapping on a line of its own)"
          : `unexpected text after ${what}`,
      );
    }
    const end = this.src.indexOf("\n", this.pos);
    this.pos = end === -1 ? this.src.length : end;
    this.skipToContent();
  }

  enter(): void {
    if (++this.depth > MAX_DEPTH) this.fail(`collections nested deeper than ${MAX_DEPTH} levels`);
    this.nodes++;
  }

  /**
   * A node in block context, read from just after its indicator (`key:`, `- `, `---`) or from
   * the first character of a line. `parent` is the indentation of the enclosing collection;
   * `compact` allows a mapping or sequence to start on this line (after `- `, or at a line's
   * start); `seqAtParent` allows a sequence at the parent's own indentation (a mapping value).
   * Returns with the position at the next content line.
   */
  blockNode(parent: number, compact: boolean, seqAtParent: boolean, outer: Props): unknown {
    const src = this.src;
    while (src[this.pos] === " " || src[this.pos] === "\t") this.pos++;
    const props = this.properties(outer);
    if (this.atLineEnd()) {
      this.endLine();
      if (this.pos < src.length && !this.isMarker(this.pos)) {
        const indent = this.pos - this.lineStart;
        if (indent > parent) return this.blockNode(parent, true, false, props);
        if (indent === parent && seqAtParent && src[this.pos] === "-" && isBlank(src[this.pos + 1])) {
          return this.collection(props, this.blockSequence(indent));
        }
      }
      return this.scalar("", true, props);
    }
    const c = src[this.pos];
    const column = this.pos - this.lineStart;
    const propsHere = props.line === this.lineStart;
    if (c === "-" && isBlank(src[this.pos + 1])) {
      if (!compact || propsHere) this.fail("a block sequence cannot start on this line");
      return this.collection(props, this.blockSequence(column));
    }
    if (c === "|" || c === ">") return this.scalar(this.blockScalar(parent), false, props);
    if (c === "*") {
      if (props.anchor !== undefined || props.tag !== undefined) {
        this.fail("an alias cannot have an anchor or a tag");
      }
      const value = this.alias();
      this.endLine("the alias");
      return value;
    }
    if (c === "[" || c === "{") {
      const value = this.flowCollection(parent);
      this.endLine("the flow collection");
      return this.collection(props, value);
    }
    const quote = c === '"' || c === "'";
    // A plain scalar's first line is read once, to tell a key from a value.
    const plainEnd = !quote && this.canStartPlain(this.pos, false) ? this.plainLineEnd(this.pos, false) : -1;
    const isKey = quote ? this.isImplicitKey() : plainEnd >= 0 && this.colonAfter(plainEnd) >= 0;
    if (isKey || (c === "?" && isBlank(src[this.pos + 1]))) {
      if (!compact) {
        this.fail(
          "a mapping cannot start on the same line as its key (quote the value if ': ' belongs to it)",
        );
      }
      if (propsHere) this.fail("anchors and tags on mapping keys are not supported");
      return this.collection(props, this.blockMapping(column));
    }
    if (quote) {
      const text = this.quoted(parent);
      this.endLine();
      return this.scalar(text, false, props);
    }
    const text = this.plain(parent, false, plainEnd);
    this.endLine();
    return this.scalar(text, true, props);
  }

  /** Whether the block collection at `indent` goes on with the current line. */
  continues(indent: number): boolean {
    if (this.pos >= this.src.length || this.isMarker(this.pos)) return false;
    const column = this.pos - this.lineStart;
    if (column > indent) this.fail(`bad indentation: expected column ${indent + 1} or less`);
    return column === indent;
  }

  blockMapping(indent: number): Record<string, unknown> {
    this.enter();
    const src = this.src;
    const map: Record<string, unknown> = {};
    do {
      if (src[this.pos] === "-" && isBlank(src[this.pos + 1])) {
        this.fail("a sequence entry cannot stand among the keys of a mapping");
      }
      const at = this.pos;
      const explicit = src[at] === "?" && isBlank(src[at + 1]);
      const key = explicit ? this.explicitKey(indent) : this.blockKey();
      if (Object.hasOwn(map, key)) this.fail(`duplicate mapping key ${JSON.stringify(key)}`, at);
      let value: unknown = null;
      if (!explicit) {
        value = this.blockNode(indent, false, true, NO_PROPS);
      } else if (
        this.pos - this.lineStart === indent &&
        src[this.pos] === ":" &&
        isBlank(src[this.pos + 1])
      ) {
        this.pos++;
        value = this.blockNode(indent, true, true, NO_PROPS);
      }
      define(map, key, value);
      this.nodes++;
    } while (this.continues(indent));
    this.depth--;
    return map;
  }

  blockSequence(indent: number): unknown[] {
    this.enter();
    const src = this.src;
    const seq: unknown[] = [];
    do {
      this.pos++; // the "-"
      seq.push(this.blockNode(indent, true, false, NO_PROPS));
      this.nodes++;
    } while (this.continues(indent) && src[this.pos] === "-" && isBlank(src[this.pos + 1]));
    this.depth--;
    return seq;
  }

  /** Reads a block mapping's key and its ':'. Keys stay text: `200:` is the key "200". */
  blockKey(): string {
    const src = this.src;
    const at = this.pos;
    const c = src[at];
    const quote = c === '"' || c === "'";
    const end = !quote && this.canStartPlain(at, false) ? this.plainLineEnd(at, false) : -1;
    if (quote ? !this.isImplicitKey() : end < 0 || this.colonAfter(end) < 0) {
      this.notAKey(c);
      this.fail("expected a mapping entry 'key: value' (a key must fit on one line)");
    }
    // On one line: isImplicitKey checked a quoted key.
    const key = quote ? this.quoted(Number.POSITIVE_INFINITY) : this.checkKey(src.slice(at, end), at);
    this.pos = this.colonAfter(quote ? this.pos : end) + 1;
    return key;
  }

  /**
   * `? key`, then `: value` on a line of its own: what YAML writers use for keys too long or
   * with line breaks. Only scalars are supported as keys.
   */
  explicitKey(indent: number): string {
    const src = this.src;
    this.pos++;
    while (src[this.pos] === " " || src[this.pos] === "\t") this.pos++;
    const c = src[this.pos];
    const at = this.pos;
    if (c === "|" || c === ">") return this.blockScalar(indent);
    let key: string;
    if (c === '"' || c === "'") {
      key = this.quoted(indent);
    } else {
      if (!this.canStartPlain(at, false)) {
        this.notAKey(c);
        this.fail("an explicit mapping key must be a scalar on the line of its '?'");
      }
      key = this.checkKey(this.plain(indent, false), at);
    }
    this.endLine("the key");
    return key;
  }

  /** Fails with a precise message for the keys this reader does not support. */
  notAKey(c: string | undefined): void {
    if (c === "&" || c === "!") this.fail("anchors and tags on mapping keys are not supported");
    if (c === "*") this.fail("aliases as mapping keys are not supported");
  }

  checkKey(key: string, at: number): string {
    if (key === "<<") this.fail("merge keys ('<<') are not supported", at);
    return key;
  }

  /** Whether a one-line quoted or plain scalar followed by ': ' starts here. */
  isImplicitKey(): boolean {
    const src = this.src;
    const quote = src[this.pos];
    let i = this.pos;
    if (quote === '"' || quote === "'") {
      for (i++; ; ) {
        const c = src[i];
        if (c === undefined || c === "\n") return false;
        if (c === "\\" && quote === '"') {
          if (src[i + 1] === "\n") return false;
          i += 2;
        } else if (c === quote && quote === "'" && src[i + 1] === "'") {
          i += 2;
        } else {
          i++;
          if (c === quote) break;
        }
      }
    } else if (this.canStartPlain(i, false)) {
      i = this.plainLineEnd(i, false);
    } else {
      return false;
    }
    return this.colonAfter(i) >= 0;
  }

  /** Where the ': ' after a key's text ending at `end` is, or -1. */
  colonAfter(end: number): number {
    const src = this.src;
    let i = end;
    while (src[i] === " " || src[i] === "\t") i++;
    return src[i] === ":" && isBlank(src[i + 1]) ? i : -1;
  }

  canStartPlain(at: number, flow: boolean): boolean {
    const c = this.src[at];
    if (isBlank(c) || isFlowIndicator(c)) return false;
    if (c === "-" || c === "?" || c === ":") {
      const next = this.src[at + 1];
      return !isBlank(next) && !(flow && isFlowIndicator(next));
    }
    return !"#&*!|>'\"%@`".includes(c as string);
  }

  /** The end of a plain scalar's text on the line where `at` is (trailing spaces excluded). */
  plainLineEnd(at: number, flow: boolean): number {
    const src = this.src;
    let end = at;
    for (let i = at; ; ) {
      const c = src[i];
      if (c === undefined || c === "\n") return end;
      if (c === " " || c === "\t") {
        i++;
        continue;
      }
      if (c === "#" && i > at && (src[i - 1] === " " || src[i - 1] === "\t")) return end;
      if (c === ":" && (isBlank(src[i + 1]) || (flow && isFlowIndicator(src[i + 1])))) return end;
      if (flow && isFlowIndicator(c)) return end;
      end = ++i;
    }
  }

  /**
   * A plain scalar, folded over the following lines indented more than `parent` (each line
   * break becomes a space, n empty lines n line feeds). A comment line ends it.
   */
  plain(parent: number, flow: boolean, firstEnd = -1): string {
    const src = this.src;
    const c = src[this.pos];
    if (firstEnd < 0 && !this.canStartPlain(this.pos, flow)) {
      this.fail(c === "\n" || c === undefined ? "expected a value" : `unexpected '${c}'`);
    }
    let end = firstEnd < 0 ? this.plainLineEnd(this.pos, flow) : firstEnd;
    let text = src.slice(this.pos, end);
    this.pos = end;
    for (;;) {
      let i = end;
      while (src[i] === " " || src[i] === "\t") i++;
      if (src[i] !== "\n") return text;
      let breaks = 0;
      let lineStart: number;
      let spaces: number;
      for (;;) {
        lineStart = i + 1;
        spaces = lineStart;
        while (src[spaces] === " ") spaces++;
        i = spaces;
        while (src[i] === " " || src[i] === "\t") i++;
        if (src[i] !== "\n") break;
        breaks++;
      }
      if (i >= src.length || src[i] === "#" || spaces - lineStart <= parent || this.isMarker(lineStart)) {
        return text;
      }
      end = this.plainLineEnd(i, flow);
      if (end === i) return text;
      text += breaks === 0 ? " " : "\n".repeat(breaks);
      text += src.slice(i, end);
      this.pos = end;
      this.lineStart = lineStart;
    }
  }

  /** A single- or double-quoted scalar; lines after the first must be indented more than `parent`. */
  quoted(parent: number): string {
    const src = this.src;
    const start = this.pos;
    const quote = src[start];
    let out = "";
    let from = ++this.pos;
    for (;;) {
      const c = src[this.pos];
      if (c === undefined) this.fail("a quoted scalar is missing its closing quote", start);
      if (c === quote) {
        out += src.slice(from, this.pos);
        from = ++this.pos;
        if (quote === '"' || src[this.pos] !== "'") return out;
        this.pos++; // '' stands for one quote: keep the first, skip the second
      } else if (c === "\\" && quote === '"') {
        out += src.slice(from, this.pos);
        if (src[this.pos + 1] === "\n") {
          this.pos++;
          out += this.foldQuoted(parent, start, true);
        } else {
          out += this.escape();
        }
        from = this.pos;
      } else if (c === " " || c === "\t" || c === "\n") {
        let i = this.pos;
        while (src[i] === " " || src[i] === "\t") i++;
        if (src[i] === "\n") {
          // Spaces before a line break are not content.
          out += src.slice(from, this.pos);
          this.pos = i;
          out += this.foldQuoted(parent, start, false);
          from = this.pos;
        } else {
          this.pos = i;
        }
      } else {
        this.pos++;
      }
    }
  }

  /**
   * At a line break inside a quoted scalar: consumes it, the empty lines after it and the next
   * line's indentation, and returns what they stand for.
   */
  foldQuoted(parent: number, start: number, escaped: boolean): string {
    const src = this.src;
    let breaks = 0;
    for (;;) {
      this.lineStart = ++this.pos;
      let spaces = this.pos;
      while (src[spaces] === " ") spaces++;
      let i = spaces;
      while (src[i] === " " || src[i] === "\t") i++;
      this.pos = i;
      if (src[i] === "\n") {
        breaks++;
        continue;
      }
      if (i >= src.length || this.isMarker(this.lineStart)) {
        this.fail("a quoted scalar is missing its closing quote", start);
      }
      if (spaces - this.lineStart <= parent) {
        this.fail(
          "a quoted scalar's next line must be indented more than its parent (or a closing quote is missing)",
        );
      }
      if (escaped || breaks > 0) return "\n".repeat(breaks);
      return " ";
    }
  }

  escape(): string {
    const src = this.src;
    const e = src[this.pos + 1] ?? "";
    const simple = ESCAPES.get(e);
    if (simple !== undefined) {
      this.pos += 2;
      return simple;
    }
    const size = HEX_DIGITS[e] ?? 0;
    const hex = src.slice(this.pos + 2, this.pos + 2 + size);
    const code = Number.parseInt(hex, 16);
    if (size === 0 || hex.length !== size || !/^[0-9a-fA-F]+$/.test(hex) || code > 0x10ffff) {
      this.fail(`invalid escape '\\${size === 0 ? e : e + hex}'`);
    }
    this.pos += 2 + size;
    return String.fromCodePoint(code);
  }

  /**
   * A literal (`|`) or folded (`>`) block scalar with its chomping (`-`, `+`) and indentation
   * (1 to 9) indicators; its lines are those indented more than `parent`.
   */
  blockScalar(parent: number): string {
    const src = this.src;
    const literal = src[this.pos] === "|";
    let chomp = "";
    let explicit = 0;
    this.pos++;
    for (let k = 0; k < 2; k++) {
      const c = src[this.pos];
      if (c === "0" && explicit === 0) this.fail("a block scalar's indentation indicator must be 1 to 9");
      if ((c === "+" || c === "-") && chomp === "") chomp = c;
      else if (c !== undefined && c >= "1" && c <= "9" && explicit === 0) explicit = Number(c);
      else break;
      this.pos++;
    }
    if (!this.atLineEnd()) this.fail("unexpected text after a block scalar's header");
    const headerEnd = src.indexOf("\n", this.pos);
    this.lineStart = this.pos = headerEnd === -1 ? src.length : headerEnd + 1;

    let indent = explicit > 0 ? Math.max(parent, 0) + explicit : -1;
    let out = "";
    let empties = 0; // empty lines since the last line of text
    let widestEmpty = 0;
    let previous: "none" | "normal" | "spaced" = "none";
    let lines = 0;
    let lastBreak = true;
    while (this.pos < src.length) {
      const start = this.pos;
      let i = start;
      while (src[i] === " ") i++;
      let end = src.indexOf("\n", i);
      if (end === -1) end = src.length;
      const spaces = i - start;
      if (i === end && (indent < 0 || spaces <= indent)) {
        widestEmpty = Math.max(widestEmpty, spaces);
        empties++;
      } else {
        if (indent < 0) {
          if (spaces <= parent) break;
          indent = spaces;
          if (widestEmpty > indent) {
            this.fail("a leading empty line of a block scalar has more spaces than its first line", start);
          }
        }
        if (spaces < indent || this.isMarker(start)) break;
        // Folding joins two lines of text with a space, or with the empty lines between them;
        // lines indented beyond the rest keep their line breaks, as do the lines beside them.
        const spaced = src[start + indent] === " " || src[start + indent] === "\t";
        if (previous === "none") out += "\n".repeat(empties);
        else if (literal || previous === "spaced" || spaced) out += "\n".repeat(empties + 1);
        else out += empties === 0 ? " " : "\n".repeat(empties);
        out += src.slice(start + indent, end);
        previous = spaced ? "spaced" : "normal";
        empties = 0;
      }
      lines++;
      lastBreak = end < src.length;
      this.lineStart = this.pos = lastBreak ? end + 1 : end;
    }
    this.skipToContent();
    // The line breaks after the last line of text: its own and one for each empty line.
    const breaks = (previous === "none" ? 0 : 1) + empties - (lines > 0 && !lastBreak ? 1 : 0);
    if (chomp === "-") return out;
    if (chomp === "+") return out + "\n".repeat(breaks);
    return previous !== "none" && breaks > 0 ? `${out}\n` : out;
  }

  /** `[...]` or `{...}`; lines inside must be indented more than `parent`. */
  flowCollection(parent: number): unknown[] | Record<string, unknown> {
    this.enter();
    const src = this.src;
    const start = this.pos;
    const isSeq = src[start] === "[";
    const close = isSeq ? "]" : "}";
    const seq: unknown[] = [];
    const map: Record<string, unknown> = {};
    this.pos++;
    for (;;) {
      this.flowSpace(parent, start);
      if (src[this.pos] === close) break;
      if (isSeq) {
        seq.push(this.flowEntry(parent, start, close));
        this.nodes++;
      } else {
        const at = this.pos;
        const key = this.flowKey(parent, start);
        if (Object.hasOwn(map, key)) this.fail(`duplicate mapping key ${JSON.stringify(key)}`, at);
        define(map, key, this.flowValue(parent, start, close));
        // Every entry counts, an implicit null too: `&a {k0, k1, ...}` must weigh what it holds.
        this.nodes++;
      }
      this.flowSpace(parent, start);
      if (src[this.pos] === ",") this.pos++;
      else if (src[this.pos] !== close) this.fail(`expected ',' or '${close}' in a flow collection`);
      else break;
    }
    this.pos++;
    this.depth--;
    return isSeq ? seq : map;
  }

  /** A flow sequence's entry, which may be a one-pair mapping (`[a: 1]`). */
  flowEntry(parent: number, start: number, close: string): unknown {
    const src = this.src;
    const c = src[this.pos];
    const at = this.pos;
    if (c !== '"' && c !== "'" && !this.canStartPlain(at, true)) return this.flowNode(parent, start);
    const plain = c !== '"' && c !== "'";
    const text = plain ? this.plain(parent, true) : this.quoted(parent);
    this.flowSpace(parent, start);
    if (src[this.pos] !== ":") return this.scalar(text, plain, NO_PROPS);
    const pair: Record<string, unknown> = {};
    this.nodes++;
    define(pair, plain ? this.checkKey(text, at) : text, this.flowValue(parent, start, close));
    return pair;
  }

  flowKey(parent: number, start: number): string {
    const src = this.src;
    if (src[this.pos] === "?" && (isBlank(src[this.pos + 1]) || isFlowIndicator(src[this.pos + 1]))) {
      this.pos++; // an explicit key: the same as an implicit one here
      this.flowSpace(parent, start);
    }
    const c = src[this.pos];
    const at = this.pos;
    if (c === '"' || c === "'") return this.quoted(parent);
    this.notAKey(c);
    if (c === "[" || c === "{") this.fail("flow collections as mapping keys are not supported");
    return this.checkKey(this.plain(parent, true), at);
  }

  /** After a flow key: `: value`, or nothing for a null value. */
  flowValue(parent: number, start: number, close: string): unknown {
    const src = this.src;
    this.flowSpace(parent, start);
    if (src[this.pos] !== ":") return null;
    this.pos++;
    this.flowSpace(parent, start);
    const c = src[this.pos];
    return c === "," || c === close ? null : this.flowNode(parent, start);
  }

  flowNode(parent: number, start: number): unknown {
    const src = this.src;
    const props = this.properties(NO_PROPS);
    if (props !== NO_PROPS) this.flowSpace(parent, start);
    const c = src[this.pos];
    if (c === "[" || c === "{") return this.collection(props, this.flowCollection(parent));
    if (c === '"' || c === "'") return this.scalar(this.quoted(parent), false, props);
    if (c === "*") {
      if (props !== NO_PROPS) this.fail("an alias cannot have an anchor or a tag");
      return this.alias();
    }
    if (c === "|" || c === ">") this.fail("block scalars cannot appear inside flow collections");
    if (c === "?" && (isBlank(src[this.pos + 1]) || isFlowIndicator(src[this.pos + 1]))) {
      this.fail("explicit mapping keys ('? ') are supported in mappings only");
    }
    if (props !== NO_PROPS && (c === "," || c === "]" || c === "}")) return this.scalar("", true, props);
    return this.scalar(this.plain(parent, true), true, props);
  }

  /** Spaces, line breaks and comments inside a flow collection opened at `start`. */
  flowSpace(parent: number, start: number): void {
    const src = this.src;
    for (;;) {
      const c = src[this.pos];
      if (c === " " || c === "\t") {
        this.pos++;
      } else if (c === "#" && isBlank(src[this.pos - 1])) {
        const end = src.indexOf("\n", this.pos);
        this.pos = end === -1 ? src.length : end;
      } else if (c === "\n") {
        this.lineStart = ++this.pos;
        let i = this.pos;
        while (src[i] === " ") i++;
        const spaces = i - this.pos;
        while (src[i] === " " || src[i] === "\t") i++;
        if (this.isMarker(this.pos)) this.fail("a flow collection is missing its closing bracket", start);
        if (spaces <= parent && !isBlank(src[i]) && src[i] !== "#") {
          this.fail(
            "a flow collection's next line must be indented more than its parent (or a closing bracket is missing)",
            i,
          );
        }
        this.pos = i;
      } else if (c === undefined) {
        this.fail("a flow collection is missing its closing bracket", start);
      } else {
        return;
      }
    }
  }

  /** `&anchor` and `!tag`, in either order, each followed by spaces; `outer` came on an earlier line. */
  properties(outer: Props): Props {
    const src = this.src;
    let props = outer;
    for (;;) {
      const c = src[this.pos];
      if (c !== "&" && c !== "!") return props;
      const at = this.pos;
      let i = at + 1;
      // A verbatim tag (!<...>) may hold any character of a URI, ',' too.
      if (src.startsWith("!<", at)) i = src.indexOf(">", at) + 1 || src.length;
      while (!isBlank(src[i]) && !isFlowIndicator(src[i])) i++;
      const nodes = props === NO_PROPS ? this.nodes : props.nodes;
      if (c === "&") {
        if (props.anchor !== undefined) this.fail("a node can have only one anchor");
        if (i === at + 1) this.fail("an anchor needs a name");
        props = { ...props, anchor: src.slice(at + 1, i), line: this.lineStart, nodes };
      } else {
        const tag = src.slice(at, i);
        if (props.tag !== undefined) this.fail("a node can have only one tag");
        if (!TAGS.has(tag)) {
          this.fail(
            `the tag ${tag} is not supported (only !!str, !!int, !!float, !!bool, !!null, !!map, !!seq)`,
          );
        }
        props = { ...props, tag, tagAt: at, line: this.lineStart, nodes };
      }
      this.pos = i;
      while (src[this.pos] === " " || src[this.pos] === "\t") this.pos++;
    }
  }

  alias(): unknown {
    const src = this.src;
    const at = this.pos;
    let i = at + 1;
    while (!isBlank(src[i]) && !isFlowIndicator(src[i])) i++;
    const name = src.slice(at + 1, i);
    const target = this.anchors.get(name);
    if (target === undefined) this.fail(`the alias *${name} has no anchor &${name} before it`);
    this.aliasNodes += target.size;
    this.nodes += target.size;
    if (this.aliasNodes > MAX_ALIAS_NODES) {
      this.fail(`aliases expand to more than ${MAX_ALIAS_NODES.toLocaleString("en")} nodes`);
    }
    this.pos = i;
    return target.value;
  }

  scalar(text: string, plain: boolean, props: Props): unknown {
    this.nodes++;
    const value = props.tag === undefined ? (plain ? resolvePlain(text) : text) : this.tagged(text, props);
    this.anchor(props, value);
    return value;
  }

  tagged(text: string, props: Props): unknown {
    const tag = props.tag;
    if (tag === "!" || tag === "!!str") return text;
    const value = resolvePlain(text);
    const ok =
      tag === "!!null"
        ? value === null
        : tag === "!!bool"
          ? typeof value === "boolean"
          : tag === "!!int"
            ? INT.test(text) || OCT.test(text) || HEX.test(text)
            : tag === "!!float" && typeof value === "number";
    if (!ok) {
      this.fail(
        tag === "!!map" || tag === "!!seq"
          ? `the tag ${tag} cannot apply to a scalar`
          : `${JSON.stringify(text)} is not a valid ${tag}`,
        props.tagAt,
      );
    }
    return value;
  }

  collection(props: Props, value: unknown[] | Record<string, unknown>): unknown {
    const tag = Array.isArray(value) ? "!!seq" : "!!map";
    if (props.tag !== undefined && props.tag !== tag) {
      this.fail(
        `the tag ${props.tag} cannot apply to a ${Array.isArray(value) ? "sequence" : "mapping"}`,
        props.tagAt,
      );
    }
    this.anchor(props, value);
    return value;
  }

  anchor(props: Props, value: unknown): void {
    if (props.anchor !== undefined) this.anchors.set(props.anchor, { value, size: this.nodes - props.nodes });
  }
}
