// Promise 3 (SECURITY.md) for every input channel: the masking of `user:password@` and
// the terminal's escaping look at each character a bounded number of times, and run no regular
// expression over the text (a backtracking one rescans it: a 120 kB value quoted in an error
// line took 25 s). Work is counted, never timed: characters read (charCodeAt), searches
// (indexOf) and regular expressions run over more than one character, at n and 4n.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { escapeControls, escapeTerminal } from "../../../src/cli/escape-controls.js";
import { withoutUserinfo } from "../../../src/shared/without-userinfo.js";
import { CHANNEL_SHAPES, TERMINAL_TEXTS, USERINFO_TEXTS } from "./linear-shapes-channels.js";

afterEach(() => vi.restoreAllMocks());

/** What `run` looked at: characters read and searches, and regular expressions run over input. */
function workOf(run: () => void): { scanned: number; regexOverText: number } {
  const read = vi.spyOn(String.prototype, "charCodeAt");
  const searched = vi.spyOn(String.prototype, "indexOf");
  const exec = vi.spyOn(RegExp.prototype, "exec");
  run();
  const scanned = read.mock.calls.length + searched.mock.calls.length;
  const regexOverText = exec.mock.calls.filter(([text]) => String(text).length > 1).length;
  vi.restoreAllMocks();
  return { scanned, regexOverText };
}

const N = 4000;

/** A control that drives a terminal: C0 but tab and line feed, a CR before no line feed, C1, bidi. */
function isRaw(char: string, next: string | undefined): boolean {
  const code = char.charCodeAt(0);
  if (code === 13) return next !== "\n";
  return (
    (code < 0x20 && code !== 9 && code !== 10) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

describe("masking user:password@ is linear", () => {
  it.each(USERINFO_TEXTS)(
    "%s: 4n costs at most about 4 times n, and no regex runs over it",
    (_name, text) => {
      const small = text(N);
      const large = text(4 * N);
      const atN = workOf(() => withoutUserinfo(small));
      const at4N = workOf(() => withoutUserinfo(large));
      expect(atN.regexOverText + at4N.regexOverText).toBe(0);
      expect(at4N.scanned).toBeLessThanOrEqual(3 * large.length + 4);
      expect(at4N.scanned).toBeLessThanOrEqual(5 * Math.max(atN.scanned, 1));
    },
  );

  it("masks as the expression it replaced did, on any text of url pieces", () => {
    // A special scheme (http, https, ws, wss, ftp) has an authority after any "/" and "\", as
    // URL parsers read `https:/u:pw@h`; any other, after "//".
    const reference = (text: string) =>
      text.replace(
        /((?<![\w+.-])(?:https?|wss?|ftp):[/\\]*|\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#"']*@/gi,
        "$1****@",
      );
    const piece = fc.constantFrom(
      "http",
      "HTTPS",
      "ws",
      "\\",
      "://",
      "a",
      "B",
      "1",
      "-",
      ".",
      "+",
      "_",
      "@",
      ":",
      "/",
      "?",
      "#",
      '"',
      "'",
      " ",
      "\u00a0",
      "\u2028",
      "é",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(withoutUserinfo(text)).toBe(reference(text));
      }),
      { numRuns: 5000 },
    );
  });

  it.each<[string, { given: string; want: string }]>([
    [
      "a password",
      { given: 'Invalid url "http://alice:pw@host/x"', want: 'Invalid url "http://****@host/x"' },
    ],
    ["the last @ before the host", { given: "https://a@b@c/x", want: "https://****@c/x" }],
    ["two urls", { given: "a://u@h b+c://v:w@k", want: "a://****@h b+c://****@k" }],
    ["no userinfo", { given: "http://host/a@b", want: "http://host/a@b" }],
    ["no scheme before ://", { given: "_x://u@h 9://u@h", want: "_x://u@h 9://u@h" }],
    ["a special scheme with one slash", { given: '"https:/u:pw@h"', want: '"https:/****@h"' }],
    ["a special scheme with backslashes", { given: "https:\\\\u:pw@h/x", want: "https:\\\\****@h/x" }],
    ["a special scheme with no slash", { given: "HTTP:u:pw@h", want: "HTTP:****@h" }],
    ["another scheme needs //", { given: "mailto:a:b@c x-http:/u@h", want: "mailto:a:b@c x-http:/u@h" }],
  ])("%s", (_title, { given, want }) => {
    expect(withoutUserinfo(given)).toBe(want);
  });
});

describe("escaping for a terminal is linear", () => {
  it.each(TERMINAL_TEXTS)("%s: 4n costs at most about 4 times n", (_name, text) => {
    const small = text(N);
    const large = text(4 * N);
    for (const escaped of [escapeTerminal, escapeControls]) {
      const atN = workOf(() => escaped(small));
      const at4N = workOf(() => escaped(large));
      expect(atN.regexOverText + at4N.regexOverText).toBe(0);
      expect(at4N.scanned).toBeLessThanOrEqual(5 * large.length);
      expect(at4N.scanned).toBeLessThanOrEqual(5 * atN.scanned);
    }
  });

  it("escapeTerminal is escapeControls line by line, tabs and CRLFs kept", () => {
    const piece = fc.constantFrom(
      "a",
      "\n",
      "\t",
      "\r",
      "\r\n",
      "\u001b",
      "\u009b",
      "\u202e",
      "\u2028",
      "\ud800",
      "😀",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        const escaped = escapeTerminal(text);
        expect(escaped.split("").filter((c, at) => isRaw(c, escaped[at + 1]))).toEqual([]);
        const kept = (line: string) => line.split("\t").map(escapeControls).join("\t");
        const expected = text
          .split("\n")
          .map((line, i, lines) =>
            i < lines.length - 1 && line.endsWith("\r") ? `${kept(line.slice(0, -1))}\r` : kept(line),
          )
          .join("\n");
        expect(escaped).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("the shapes handed to the linear-work suite", () => {
  it.each(CHANNEL_SHAPES)("%s runs, its expected errors caught", (_name, shape) => {
    expect(() => shape(50)()).not.toThrow();
  });
});
