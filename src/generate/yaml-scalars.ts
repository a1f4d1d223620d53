// The YAML reader's scalars (read-yaml.ts): plain, quoted (with escapes and folding) and
// block scalars.
import { isBlank, isFlowIndicator, YamlScanner } from "./yaml-scanner.js";

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

/** The scalar styles, on top of the scanner. */
export class YamlScalars extends YamlScanner {
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
}
