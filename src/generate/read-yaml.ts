// A YAML reader for the part of YAML 1.2 that OpenAPI descriptions use, so that the code
// generator needs no dependency. It reads one document into plain JSON values and refuses,
// with the line and column, whatever it does not support rather than guessing.

import { YamlScalars } from "./yaml-scalars.js";
import { define, isBlank, isFlowIndicator, NO_PROPS, type Props } from "./yaml-scanner.js";

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

/** Documents, block and flow collections, and keys, on top of the scalars. */
class Reader extends YamlScalars {
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
}
