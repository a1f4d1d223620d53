// The base of the YAML reader (read-yaml.ts): the text and where reading is, errors with
// their line and column, line ends, comments, nesting limits, and the nodes' properties
// (anchors, aliases, tags) and scalars as the core schema reads them.

const MAX_DEPTH = 1000;
// An alias is a reference, but whoever walks the result walks every copy: a few lines of
// nested aliases ("billion laughs") would otherwise stand for billions of nodes.
const MAX_ALIAS_NODES = 1_000_000;

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
export interface Props {
  readonly anchor: string | undefined;
  readonly tag: string | undefined;
  readonly tagAt: number;
  /** The start of the line the last property was on: properties there may not lead a key. */
  readonly line: number;
  /** Nodes produced before this node, so that an anchor knows how many it stands for. */
  readonly nodes: number;
}
export const NO_PROPS: Props = { anchor: undefined, tag: undefined, tagAt: 0, line: -1, nodes: 0 };

export function isBlank(c: string | undefined): boolean {
  return c === undefined || c === " " || c === "\t" || c === "\n";
}

export function isFlowIndicator(c: string | undefined): boolean {
  return c === "," || c === "[" || c === "]" || c === "{" || c === "}";
}

/**
 * Adds an own data property, as `JSON.parse` does. A key that `Object.prototype` has too
 * (`__proto__`, or whatever a polluted prototype gained) is defined rather than assigned:
 * assigning it would set the prototype, or call a setter.
 */
export function define(map: Record<string, unknown>, key: string, value: unknown): void {
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

/** Where reading is in the text, and what every kind of node needs. */
export class YamlScanner {
  readonly src: string;
  pos = 0;
  lineStart = 0;
  depth = 0;
  nodes = 0;
  aliasNodes = 0;
  readonly anchors: Map<string, { readonly value: unknown; readonly size: number }> = new Map();

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
