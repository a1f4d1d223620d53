// The YAML reader of rest-endpoint-openapi (the `yaml` package, with a linear check of its own
// for duplicate keys and self-referring aliases): a table for each YAML feature (input ->
// value), the YAML it refuses, real OpenAPI descriptions against their JSON twins, the keys that
// could reach a prototype (its time: test/promises/3-linear-time/linear-time.test.ts). The tables were first written for a YAML reader of our
// own, which this package replaced; the rows the two read differently are listed apart.
import { readdirSync, readFileSync } from "node:fs";
import { readDescriptionText } from "rest-endpoint-openapi";
import { describe, expect, it } from "vitest";
import { thrownBy } from "../helpers.js";

type Row = [name: string, yaml: string, expected: unknown];

const MAPPINGS: Row[] = [
  ["a mapping", "a: 1\nb: two\n", { a: 1, b: "two" }],
  ["nested mappings", "a:\n  b:\n    c: d\n  e: f\ng: h", { a: { b: { c: "d" }, e: "f" }, g: "h" }],
  ["an empty value is null", "a:\nb: 1\nc:   # note\n", { a: null, b: 1, c: null }],
  [
    "keys with spaces, colons and a space before ':'",
    "a b: c d\nhttp://x/y: z\na:b: c\nk : v",
    {
      "a b": "c d",
      "http://x/y": "z",
      "a:b": "c",
      k: "v",
    },
  ],
  ["quoted keys", "\"a b\": 1\n'c''d': 2\n\"e\\tf\" : 3", { "a b": 1, "c'd": 2, "e\tf": 3 }],
  [
    "keys stay text, whatever they look like",
    "200: ok\n'404': no\n1.50: x\n~: y\nnull: z\ntrue: t\n0x1F: h",
    {
      "200": "ok",
      "404": "no",
      "1.50": "x",
      "~": "y",
      null: "z",
      true: "t",
      "0x1F": "h",
    },
  ],
  ["a root mapping may be indented", "  a: 1\n  b: 2\n", { a: 1, b: 2 }],
  ["paths with braces as keys", "/pets/{petId}:\n  get: {}\n", { "/pets/{petId}": { get: {} } }],
  [
    "explicit keys, as YAML writers use for long keys",
    "? a\n: 1\n? 'long key'\n: [x]\n? |-\n  multi\n  line\n: v\n? lone\n? 200\n: ok\nb: 2",
    { a: 1, "long key": ["x"], "multi\nline": "v", lone: null, "200": "ok", b: 2 },
  ],
  [
    "explicit keys' values",
    "? a\n:\n  - x\n? b\n: - y\n? c\n:\n- z\n? d\n: e: f",
    { a: ["x"], b: ["y"], c: ["z"], d: { e: "f" } },
  ],
  ["an explicit key in a sequence", "- ? a\n  : b\n- ? c", [{ a: "b" }, { c: null }]],
  ["a tab may separate a key from its value", "a:\tb\nc: d\t# note", { a: "b", c: "d" }],
];

const SEQUENCES: Row[] = [
  ["a sequence", "- a\n- b\n", ["a", "b"]],
  ["nested sequences, compact and not", "- - a\n  - b\n-\n  - c\n- d", [["a", "b"], ["c"], "d"]],
  [
    "mappings in a sequence (compact form)",
    "- name: a\n  value: 1\n- name: b\n",
    [{ name: "a", value: 1 }, { name: "b" }],
  ],
  ["a sequence at its key's indentation", "key:\n- a\n- b\nother: c\n", { key: ["a", "b"], other: "c" }],
  ["a sequence indented under its key", "key:\n  - a\n  - b\n", { key: ["a", "b"] }],
  ["empty entries are null", "-\n- \n-   # note\n- ~", [null, null, null, null]],
  ["an entry on the line after its dash", "-\n  a: 1\n  b: 2\n-\n  x\n", [{ a: 1, b: 2 }, "x"]],
  [
    "a sequence in a compact mapping",
    "- a:\n  - x\n  b: 1\n- c:\n    - y",
    [{ a: ["x"], b: 1 }, { c: ["y"] }],
  ],
  [
    "mappings at the key's indentation in a sequence",
    "k:\n- a: 1\n  b: 2\n- c: 3\nz: 0",
    {
      k: [{ a: 1, b: 2 }, { c: 3 }],
      z: 0,
    },
  ],
];

const PLAIN: Row[] = [
  [
    "a plain scalar over several lines",
    "a: one\n  two\n\n  three\n\n\n  four\nb: x",
    {
      a: "one two\nthree\n\nfour",
      b: "x",
    },
  ],
  ["a plain root over several lines", "one\ntwo\n  three", "one two three"],
  ["a plain scalar in a sequence over lines", "- one\n  two\n- three", ["one two", "three"]],
  ["'#' inside a word is text", "a: b#c # note", { a: "b#c" }],
  ["trailing spaces are dropped", "a: b   \n", { a: "b" }],
  [
    "indicators inside a plain scalar",
    'a: -b ?c :d [e] {f}, g\'s "h" | > & * !',
    { a: '-b ?c :d [e] {f}, g\'s "h" | > & * !' },
  ],
  ["a continuation line may start with '- '", "a: b\n  - c", { a: "b - c" }],
  ["a comment line ends a plain scalar", "a: b\n# note\nc: d", { a: "b", c: "d" }],
  ["plain scalars starting with '-', '?' or ':'", "- -1\n- ?x\n- :y\n- --", [-1, "?x", ":y", "--"]],
];

/** Plain scalars under the YAML 1.2 core schema. */
const CORE: [plain: string, expected: unknown][] = [
  ...["~", "null", "Null", "NULL", ""].map((s): [string, unknown] => [s, null]),
  ...["true", "True", "TRUE"].map((s): [string, unknown] => [s, true]),
  ...["false", "False", "FALSE"].map((s): [string, unknown] => [s, false]),
  ["0", 0],
  ["12", 12],
  ["-12", -12],
  ["+12", 12],
  ["012", 12],
  ["0o17", 15],
  ["0x1F", 31],
  ["0xff", 255],
  ["1.5", 1.5],
  ["-1.5", -1.5],
  [".5", 0.5],
  ["1.", 1],
  ["1e3", 1000],
  ["1E-3", 0.001],
  ["+1.5e+3", 1500],
  [".inf", Number.POSITIVE_INFINITY],
  ["+.Inf", Number.POSITIVE_INFINITY],
  ["-.INF", Number.NEGATIVE_INFINITY],
  [".nan", Number.NaN],
  [".NaN", Number.NaN],
  [".NAN", Number.NaN],
  // YAML 1.1 booleans and numbers, and near misses, are text under the 1.2 core schema.
  ...["yes", "no", "on", "off", "y", "n", "tRue", "nulls", "1_000", "0b101", "0x", "0o8", "0X1F", "+0x1"].map(
    (s): [string, unknown] => [s, s],
  ),
  ...["1.2.3", "2024-01-01", "1e", "e3", ".", "+", ".infinity", "Infinity", "NaN", "-.nan", "1:30"].map(
    (s): [string, unknown] => [s, s],
  ),
];

const QUOTED: Row[] = [
  [
    "quoted scalars are always text",
    "- '1'\n- \"true\"\n- 'null'\n- ''\n- \"~\"",
    ["1", "true", "null", "", "~"],
  ],
  ["'' in a single-quoted scalar", "a: 'it''s ''x'''", { a: "it's 'x'" }],
  ["nothing is escaped in single quotes", "a: 'a\\nb #c'", { a: "a\\nb #c" }],
  [
    "a single-quoted scalar folds its lines",
    "a: 'one  \n  two\n\n  three\n   \n\n \tfour'",
    {
      a: "one two\nthree\n\nfour",
    },
  ],
  ["spaces inside quotes are kept", "a: '  x  '\nb: \" y \"", { a: "  x  ", b: " y " }],
  ["a double-quoted scalar folds its lines", 'a: "one\n  two\n\n  three"', { a: "one two\nthree" }],
  [
    "JSON's escapes",
    String.raw`a: "\n\t\"\\\/\b\f\r\u00e9\ud83d\ude00"`,
    { a: '\n\t"\\/\b\f\r\u00e9\u{1f600}' },
  ],
  [
    "YAML's other escapes",
    String.raw`a: "\0\a\v\e\ \N\_\L\P\x41\U0001F600"`,
    {
      a: "\0\x07\v\x1b \x85\xa0\u2028\u2029A\u{1f600}",
    },
  ],
  ["an escaped tab character", 'a: "x\\\ty"', { a: "x\ty" }],
  ["an escaped line break joins the lines", 'a: "one \\\n   two\\\n  three"', { a: "one twothree" }],
  ["spaces before an escaped line break are kept", 'a: "one  \\\n  two"', { a: "one  two" }],
  ["'#' and ': ' in quotes are text", 'a: \'# x: y\'\n"b#c": "d: e" # note', { a: "# x: y", "b#c": "d: e" }],
];

const BLOCK_SCALARS: Row[] = [
  ["a literal scalar", "a: |\n  one\n    two\n  three\nb: c", { a: "one\n  two\nthree\n", b: "c" }],
  [
    "literal: clip, strip and keep",
    "a: |\n  x\n\n\nb: |-\n  x\n\n\nc: |+\n  x\n\n\nd: e",
    {
      a: "x\n",
      b: "x",
      c: "x\n\n\n",
      d: "e",
    },
  ],
  ["empty lines before and inside a literal scalar", "a: |\n\n  one\n\n  two\n", { a: "\none\n\ntwo\n" }],
  ["an empty line with more spaces is text", "a: |\n  x\n     \n  y\n", { a: "x\n   \ny\n" }],
  ["explicit indentation", "a: |2\n    one\n  two\nb: >1-\n  x\n c", { a: "  one\ntwo\n", b: " x\nc" }],
  ["indicators in either order", "a: |-2\n   x\nb: |2+\n   y\n\nc: z", { a: " x", b: " y\n\n", c: "z" }],
  [
    "a folded scalar",
    "a: >\n  one\n  two\n\n  three\n    four\n  five\n",
    { a: "one two\nthree\n  four\nfive\n" },
  ],
  [
    "a folded scalar: the spec's example 8.10",
    ">\n\n folded\n line\n\n next\n line\n   * bullet\n\n   * list\n   * lines\n\n last\n line\n\n# Comment",
    "\nfolded line\nnext line\n  * bullet\n\n  * list\n  * lines\n\nlast line\n",
  ],
  [
    "folded: strip and keep",
    "a: >-\n  one\n  two\n\nb: >+\n  one\n  two\n\nc: d",
    {
      a: "one two",
      b: "one two\n\n",
      c: "d",
    },
  ],
  ["keep at the end of the input", "a: |+\n  one\n\n", { a: "one\n\n" }],
  ["empty block scalars", "a: |\nb: >-\nc: |+\n\nd: 1", { a: "", b: "", c: "\n", d: 1 }],
  [
    "a comment after the header, '#' in the text",
    "a: | # note\n  # text\n  x\n# note\nb: 1",
    {
      a: "# text\nx\n",
      b: 1,
    },
  ],
  [
    "block scalars in a sequence",
    "- |\n  one\n- >\n  two\n  three\n- a: |\n    x\n  b: 1",
    ["one\n", "two three\n", { a: "x\n", b: 1 }],
  ],
  [
    "the spec's example 8.2",
    "- |\n detected\n- >\n \n  \n  # detected\n- |1\n  explicit\n- >\n \t\n detected\n",
    ["detected\n", "\n\n# detected\n", " explicit\n", "\t\ndetected\n"],
  ],
  ["a root block scalar", "--- |\n  text\n", "text\n"],
  ["a root block scalar at column 1", "--- >\nfolded\ntext\n...\n", "folded text\n"],
];

const FLOW: Row[] = [
  ["a flow sequence with a flow mapping", "[a, b, {c: d}]", ["a", "b", { c: "d" }]],
  ["a flow mapping with a flow sequence", "{a: 1, b: [x]}", { a: 1, b: ["x"] }],
  ["empty flow collections as values", "a: []\nb: {}\nc: [ ]\nd: {\n  }", { a: [], b: {}, c: [], d: {} }],
  [
    "a flow collection over lines",
    "a: [one,\n  'two', \"three\",\n\n  four\n  ]\nb: 1",
    {
      a: ["one", "two", "three", "four"],
      b: 1,
    },
  ],
  [
    "JSON",
    '{"a":1,"b":[true,null,"x",-2.5e1],"c":{"d":{}}}',
    { a: 1, b: [true, null, "x", -25], c: { d: {} } },
  ],
  ["pretty-printed JSON", '{\n  "a": [\n    1,\n    2\n  ],\n  "b": "x"\n}\n', { a: [1, 2], b: "x" }],
  ["a trailing comma", "[a, b,]", ["a", "b"]],
  [
    "plain scalars with spaces, colons and slashes",
    "[a b, http://x/y, a:b, -1]",
    ["a b", "http://x/y", "a:b", -1],
  ],
  ["keys without values", "{a, b: , c: ~}", { a: null, b: null, c: null }],
  ["explicit keys", "{? a : 1, ? b, ? 'c d': [e]}", { a: 1, b: null, "c d": ["e"] }],
  ["one-pair mappings in a flow sequence", "[a: 1, b, 'c': [d]]", [{ a: 1 }, "b", { c: ["d"] }]],
  ["comments inside", "[a, # note\n  b # note\n  ]", ["a", "b"]],
  ["a plain scalar over lines inside", "[one\n  two, three]", ["one two", "three"]],
  ["quoted scalars over lines inside", "['one\n  two', \"three\n\n  four\"]", ["one two", "three\nfour"]],
  ["flow collections in a block sequence", "- [a, b]\n- {c: d}\n", [["a", "b"], { c: "d" }]],
  ["nested", "[[1, [2]], {a: {b: [3]}}]", [[1, [2]], { a: { b: [3] } }]],
];

const DOCUMENT: Row[] = [
  ["comments everywhere", "# note\na: 1 # note\n  # note\n\n# note\nb: 2\n# end", { a: 1, b: 2 }],
  ["a %YAML directive, '---' and '...'", "%YAML 1.2\n---\na: 1\n...\n# done\n", { a: 1 }],
  ["a YAML 1.1 directive", "%YAML 1.1 # old\n--- x", "x"],
  ["'---' with a comment", "--- # note\na: 1", { a: 1 }],
  ["a scalar on the '---' line", "--- text\n", "text"],
  ["a flow collection on the '---' line", "--- [a]\n", ["a"]],
  ["'...' alone", "a: 1\n...\n", { a: 1 }],
  ["an empty document", "", null],
  ["only comments", "# note\n\n  # note\n", null],
  ["only '---'", "---\n", null],
  ["'---' then '...'", "---\n...\n", null],
  [
    "'---' and '...' inside a text are text",
    "- ---x\n- ...y\n- a ---\n- |\n  ---\n",
    ["---x", "...y", "a ---", "---\n"],
  ],
  ["CRLF line breaks and a byte order mark", "\uFEFFa: |\r\n  x\r\n  y\r\nb: 2\r\n", { a: "x\ny\n", b: 2 }],
];

const ANCHORS: Row[] = [
  ["an anchored scalar", "a: &x 1\nb: *x\nc: [*x]", { a: 1, b: 1, c: [1] }],
  ["an anchored mapping", "a: &x\n  c: d\nb: *x", { a: { c: "d" }, b: { c: "d" } }],
  [
    "an anchored flow sequence",
    "- &x [1, 2]\n- *x",
    [
      [1, 2],
      [1, 2],
    ],
  ],
  ["an anchored sequence at its key's indentation", "a: &x\n- 1\nb: *x", { a: [1], b: [1] }],
  ["an anchored block scalar", "a: &x |\n  t\nb: *x", { a: "t\n", b: "t\n" }],
  ["an anchored empty node", "a: &x\nb: *x", { a: null, b: null }],
  ["an anchor redefined", "a: &x 1\nb: &x 2\nc: *x", { a: 1, b: 2, c: 2 }],
  ["anchors and aliases in flow", "[&x a, *x, {k: &y [b]}, *y]", ["a", "a", { k: ["b"] }, ["b"]]],
  ["an anchor and a tag, either order", "- &x !!str 1\n- !!str &y 2\n- *x\n- *y", ["1", "2", "1", "2"]],
];

const TAGS: Row[] = [
  ["!!str", "- !!str 123\n- !!str true\n- !!str\n- !!str 'x'", ["123", "true", "", "x"]],
  ["!!int", "- !!int 12\n- !!int '0x10'\n- !!int \"0o7\"", [12, 16, 7]],
  [
    "!!bool and !!null",
    "- !!bool 'true'\n- !!bool False\n- !!null ''\n- !!null ~\n- !!null",
    [true, false, null, null, null],
  ],
  ["the non-specific tag", "- ! 12\n- ! true", ["12", "true"]],
  [
    "!!map and !!seq",
    "a: !!map\n  b: 1\nc: !!seq\n- 2\nd: !!map {}\ne: !!seq [3]",
    { a: { b: 1 }, c: [2], d: {}, e: [3] },
  ],
  ["a tag on its own line", "a: !!int\n  12", { a: 12 }],
];

const ERRORS: [name: string, yaml: string][] = [
  ["a tab indenting a line", "a:\n\tb: 1"],
  ["a tab after spaces indenting a line", "a:\n  b: 1\n  \tc: 2"],
  ["a duplicate key", "a: 1\nb:\n  c: 1\n  c: 2"],
  ["a duplicate key, quoted once", "a: 1\n'a': 2"],
  ["a duplicate key in flow", "{a: 1, b: 2, a: 3}"],
  ["a merge key", "a: &x {b: 1}\nc:\n  <<: *x"],
  ["a merge key in flow", "a: &x {b: 1}\nc: {<<: *x}"],
  ["a collection as an explicit key", "? [a]\n: b"],
  ["an explicit key on the next line", "?\n  a\n: b"],
  ["an explicit key on its key's line", "a: ? b"],
  ["an explicit key in a flow sequence", "[? a : b]"],
  ["an explicit merge key", "a: &x {b: 1}\n? <<\n: *x"],
  ["an anchor on an explicit key", "? &x a\n: b"],
  ["a duplicate explicit key", "a: 1\n? a\n: 2"],
  ["an anchor on a key", "&x a: 1"],
  ["a tag on a key", "a: 1\n!!str b: 2"],
  ["an alias as a key", "a: &x k\n*x : 1"],
  ["a flow collection as a key", "{[a]: b}"],
  ["a flow collection as a block key", "[a]: b"],
  ["an unsupported tag", "a: !!binary AAAA"],
  ["a local tag", "a: !thing x"],
  ["a verbatim tag", "a: !<tag:yaml.org,2002:str> x"],
  ["!!int on text", "a: !!int abc"],
  ["!!int on a float", "a: !!int 1.5"],
  ["!!float on text", "a: !!float x"],
  ["!!bool on text", "a: !!bool yes"],
  ["!!null on text", "a: !!null x"],
  ["!!map on a scalar", "a: !!map x"],
  ["!!str on a sequence", "a: !!str [x]"],
  ["!!seq on a mapping", "a: !!seq\n  b: 1"],
  ["two tags", "a: !!str !!str x"],
  ["two anchors", "a: &x &y x"],
  ["an anchor without a name", "a: & x"],
  ["an alias with an anchor", "a: &x 1\nb: &y *x"],
  ["an alias with a tag in flow", "a: &x 1\nb: [!!str *x]"],
  ["an unknown alias", "a: *x"],
  ["an alias to its own node", "a: &x [*x]"],
  ["a second document", "a: 1\n---\nb: 2"],
  ["a second document after '...'", "a\n...\n---\nb"],
  ["content after '...'", "a\n...\nb"],
  ["text after '...'", "a\n... b"],
  ["a directive without '---'", "%YAML 1.2\na: 1"],
  ["a %TAG directive", "%TAG ! tag:x,2000:\n---\na"],
  ["a repeated %YAML directive", "%YAML 1.2\n%YAML 1.2\n---"],
  ["YAML 2", "%YAML 2.0\n---\na"],
  ["a mapping on its key's line", "a: b: c"],
  ["a mapping on a quoted key's line", "a: 'b': c"],
  ["a mapping on the '---' line", "--- a: b"],
  ["a sequence on its key's line", "a: - b"],
  ["a sequence after an anchor on its line", "- &x - a"],
  ["a line indented too far", "a: 'x'\n  b: 2"],
  ["a sequence entry indented too far", "- 'a'\n  - b"],
  ["': ' in a plain scalar's next line", "a: b\n  c: d"],
  ["a sequence entry among keys", "a: 1\n- b"],
  ["a line that is no entry", "a: 1\nb\nc: 2"],
  ["a key over two lines", "a: 1\nb\n c: 2"],
  ["a mapping after a root sequence", "- a\nb: 1"],
  ["a comment inside a plain scalar", "a: b\n  # c\n  d"],
  ["an unterminated double quote", 'a: "b\n  c'],
  ["an unterminated single quote", "a: 'b"],
  ["a quoted scalar's line not indented", 'a: "b\nc"'],
  ["a document marker inside quotes", "'a\n---\n'"],
  ["text after a quoted scalar", 'a: "b" c'],
  ["'#' right after a quoted scalar", "a: 'b'#c"],
  ["an unknown escape", String.raw`a: "\q"`],
  ["a short \\x escape", String.raw`a: "\x4"`],
  ["a \\U escape beyond Unicode", String.raw`a: "\U00110000"`],
  ["a \\u escape that is not hex", String.raw`a: "\u00g0"`],
  ["an unterminated flow sequence", "a: [b, c"],
  ["an unterminated flow mapping", "{a: 1,\n b: 2\n"],
  ["a document marker in a flow collection", "[a,\n---\n]"],
  ["a flow collection's line not indented", "a: [b,\nc]"],
  ["a flow closing bracket not indented", "a: [\n  b\n]"],
  ["a missing comma", "{a: 1 b: 2}"],
  ["a missing comma in a sequence", '["a" "b"]'],
  ["an empty flow entry", "[a, , b]"],
  ["text after a flow collection", "a: [b] c"],
  ["a block scalar in flow", "[|\n x]"],
  ["an indentation indicator 0", "a: |0\n  x"],
  ["text after a block scalar header", "a: |x\n  y"],
  ["'#' right after a block scalar header", "a: >#x\n  y"],
  ["an empty line wider than the text", "a: |\n    \n  x"],
  ["a reserved character", "a: @b"],
  ["a backquote", "a: `b`"],
  ["'%' starting a plain scalar", "a: %b"],
  ["text after an alias", "a: &x 1\nb: *x c"],
];

/** Nesting of each kind, `depth` levels deep. */

/** Nesting of each kind, `depth` levels deep. */
const flowSeqs = (depth: number): string => "[".repeat(depth) + "]".repeat(depth);
const flowMaps = (depth: number): string => "{a: ".repeat(depth) + "}".repeat(depth);
const blockMaps = (depth: number): string =>
  Array.from({ length: depth }, (_, i) => `${" ".repeat(i)}a:`).join("\n");
const blockSeqs = (depth: number): string => `${"- ".repeat(depth)}x`;

/** YAML the former reader refused and YAML 1.2 (or the `yaml` package, leniently) reads. */
const READ_NOW: [name: string, expected: unknown][] = [
  ["a merge key", { a: { b: 1 }, c: { b: 1 } }],
  ["a merge key in flow", { a: { b: 1 }, c: { b: 1 } }],
  ["an explicit key on the next line", { a: "b" }],
  ["an explicit key in a flow sequence", [{ a: "b" }]],
  ["an explicit merge key", { a: { b: 1 }, b: 1 }],
  ["an anchor on an explicit key", { a: "b" }],
  ["an anchor on a key", { a: 1 }],
  ["a tag on a key", { a: 1, b: 2 }],
  // Tags the core schema does not know are read as the text they tag: no Buffers or Dates.
  ["an unsupported tag", { a: "AAAA" }],
  ["a local tag", { a: "x" }],
  ["a verbatim tag", { a: "x" }],
  ["!!int on text", { a: "abc" }],
  ["!!int on a float", { a: "1.5" }],
  ["!!float on text", { a: "x" }],
  ["!!bool on text", { a: "yes" }],
  ["!!null on text", { a: "x" }],
  ["!!map on a scalar", { a: "x" }],
  ["!!str on a sequence", { a: ["x"] }],
  ["!!seq on a mapping", { a: { b: 1 } }],
  ["a %TAG directive", "a"],
  ["a repeated %YAML directive", null],
  ["YAML 2", "a"],
  ["a flow closing bracket not indented", { a: ["b"] }],
];

/**
 * Rows the former reader read as YAML 1.2 says and `yaml` 2.9 reads otherwise: edge cases no
 * public description in the directory uses (its YAML and JSON twins agree, below).
 */
const READ_OTHERWISE: Row[] = [
  // YAML 1.2 keeps the line feed of the empty line after an escaped line break.
  ["an escaped line break then an empty line", 'a: "one\\\n\n  two"', { a: "one two" }],
  // Clipping keeps a final line break only where the text has one.
  ["the end of the input without a line break", "a: |\n  one", { a: "one\n" }],
  // A lone CR is a line break in YAML 1.2.
  ["CR line breaks", "a: 1\rb: 2", "YAML line 1, column 4: "],
  [
    "!!float on an integer",
    "- !!float 1\n- !!float '1.5'\n- !!float .inf",
    ["1", 1.5, Number.POSITIVE_INFINITY],
  ],
];

describe("readDescriptionText reads", () => {
  const tables: [string, Row[]][] = [
    ["block mappings", MAPPINGS],
    ["block sequences", SEQUENCES],
    ["plain scalars", PLAIN],
    ["quoted scalars", QUOTED],
    ["block scalars", BLOCK_SCALARS],
    ["flow collections", FLOW],
    ["documents, comments and markers", DOCUMENT],
    ["anchors and aliases", ANCHORS],
    ["tags", TAGS],
  ];
  describe.each(tables)("%s", (_group, rows) => {
    it.each(rows)("%s", (_name, yaml, expected) => {
      expect(readDescriptionText(yaml)).toEqual(expected);
    });
  });

  it.each(CORE)("the plain scalar %j under the core schema", (plain, expected) => {
    expect(readDescriptionText(`a: ${plain}`)).toEqual({ a: expected });
    expect(readDescriptionText(`[${plain}]`)).toEqual(plain === "" ? [] : [expected]);
    expect(readDescriptionText(`'${plain}': '${plain}'`)).toEqual({ [plain]: plain }); // quoted: text
  });

  it("as its JSDoc example says", () => {
    expect(
      readDescriptionText("openapi: 3.1.0\npaths:\n  /pets:\n    get: {operationId: listPets}\n"),
    ).toEqual({
      openapi: "3.1.0",
      paths: { "/pets": { get: { operationId: "listPets" } } },
    });
    expect(readDescriptionText("code: '200'\nlimit: 0x10\nnote: |\n  two\n  lines\n")).toEqual({
      code: "200",
      limit: 16,
      note: "two\nlines\n",
    });
  });

  it("keeps '__proto__' a key, never a prototype", () => {
    for (const yaml of ["__proto__: 1", "{__proto__: 1}", "'__proto__': 1", "[__proto__: 1]"]) {
      const value = readDescriptionText(yaml);
      const object = (Array.isArray(value) ? value[0] : value) as object;
      expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(object, "__proto__")).toEqual({
        value: 1,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      expect(object).toEqual(JSON.parse('{"__proto__": 1}'));
    }
  });

  it("makes own data properties of keys that Object.prototype has, and calls no setter there", () => {
    const value = readDescriptionText("constructor: 1\ntoString: 2") as object;
    expect(Object.getOwnPropertyDescriptor(value, "toString")?.value).toBe(2);
    expect(Object.keys(value)).toEqual(["constructor", "toString"]);
    let called = false;
    Object.defineProperty(Object.prototype, "polluted", {
      configurable: true,
      set: () => {
        called = true;
      },
    });
    try {
      const polluted = readDescriptionText("polluted: 1\nother: {polluted: 2}") as Record<
        string,
        Record<string, unknown>
      >;
      expect(Object.hasOwn(polluted, "polluted") && Object.hasOwn(polluted.other ?? {}, "polluted")).toBe(
        true,
      );
      expect(called).toBe(false);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it("gives an alias the very value of its anchor", () => {
    const value = readDescriptionText("a: &x\n  b: [1]\nc: *x\nd: [*x]") as Record<string, unknown>;
    expect(value.c).toBe(value.a);
    expect((value.d as unknown[])[0]).toBe(value.a);
  });

  it("reads 700 levels of nesting, of every kind", () => {
    for (const yaml of [
      flowSeqs(700),
      flowMaps(700),
      blockMaps(700),
      blockSeqs(700),
      `a: ${flowSeqs(699)}`,
    ]) {
      expect(() => readDescriptionText(yaml)).not.toThrow();
    }
    let value = readDescriptionText(blockSeqs(700));
    for (let i = 0; i < 700; i++) value = (value as unknown[])[0];
    expect(value).toBe("x");
  });

  it.each(READ_NOW)("YAML the former reader refused: %s", (name, expected) => {
    const row = ERRORS.find(([rowName]) => rowName === name);
    expect(row).toBeDefined();
    expect(readDescriptionText(row?.[1] ?? "")).toEqual(expected);
  });

  it.each(READ_OTHERWISE)("otherwise than YAML 1.2 says: %s", (_name, yaml, expected) => {
    if (typeof expected === "string") expect(() => readDescriptionText(yaml)).toThrow(expected);
    else expect(readDescriptionText(yaml)).toEqual(expected);
  });
});

describe("readDescriptionText refuses", () => {
  const refused = ERRORS.filter(([name]) => !READ_NOW.some(([readName]) => readName === name));

  it.each(refused.filter(([name]) => name !== "an unknown alias"))(
    "%s, with a plain Error that says where",
    (_name, yaml) => {
      const thrown = thrownBy(() => readDescriptionText(yaml));
      expect(Object.getPrototypeOf(thrown)).toBe(Error.prototype);
      expect((thrown as Error).message).toMatch(/^YAML line \d+, column \d+: ./);
    },
  );

  it("an alias before its anchor", () => {
    expect(() => readDescriptionText("a: *x\nb: &x 1")).toThrow("Unresolved alias");
  });

  it.each([
    ["a: 1\nb:\n  c: 1\n  c: 2", 'YAML line 4, column 3: the key "c" is written twice in one mapping.'],
    ["a: 1\n'a': 2", 'YAML line 2, column 1: the key "a" is written twice'],
    ["{a: 1, b: 2, a: 3}", 'YAML line 1, column 14: the key "a" is written twice'],
    ["200: x\n'200': y", 'YAML line 2, column 1: the key "200" is written twice'],
    // An alias inside the node it names would make a value that contains itself.
    ["a: &x [*x]", "YAML line 1, column 8: the alias *x is inside the node it names."],
    ["a: &x {b: {c: *x}}", "YAML line 1, column 15: the alias *x is inside the node it names."],
    ["a: &x\n  - 1\n  - *x", "YAML line 3, column 5: the alias *x is inside the node it names."],
  ])("a key written twice in one mapping, or an alias inside the node it names: %j", (yaml, message) => {
    expect(() => readDescriptionText(yaml)).toThrow(message);
  });

  it.each([
    ["flow sequences", flowSeqs(1001)],
    ["flow mappings", flowMaps(1001)],
    ["block mappings", blockMaps(2001)],
    ["compact sequences", blockSeqs(2001)],
    ["far deeper flow", "[".repeat(100_000)],
    ["far deeper compact sequences", "- ".repeat(100_000)],
  ])("nesting past what can be read (%s), with a plain Error, never the engine's", (_name, yaml) => {
    const thrown = thrownBy(() => readDescriptionText(yaml));
    expect(Object.getPrototypeOf(thrown)).toBe(Error.prototype);
    expect((thrown as Error).message).toMatch(/^(YAML line \d+, column \d+: |The description nests deeper)/);
  });

  it("more than 2,000 anchors and aliases (yaml scans them all for each alias: quadratic)", () => {
    const marks = (n: number) =>
      `x:\n${Array.from({ length: n }, (_, i) => `  a${i}: &x${i} v\n`).join("")}y:\n${Array.from({ length: n }, (_, i) => `  b${i}: *x${i}\n`).join("")}`;
    expect((readDescriptionText(marks(1000)) as { y: Record<string, string> }).y.b999).toBe("v");
    expect(() => readDescriptionText(marks(1001))).toThrow(
      "YAML line 2003, column 9: more than 2000 anchors and aliases in one description.",
    );
  });

  it.each([
    [
      "an alias bomb",
      "a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n",
    ],
    ["an alias to no anchor", "a: *nowhere\n"],
  ])("%s, with a plain Error (not yaml's ReferenceError)", (_name, yaml) => {
    const thrown = thrownBy(() => readDescriptionText(yaml));
    expect(Object.getPrototypeOf(thrown)).toBe(Error.prototype);
  });

  it("aliases that expand past 100 aliased nodes (billion laughs)", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++) {
      const [name, previous] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
      lines.push(`${name}: &${name} [${Array.from({ length: 10 }, () => `*${previous}`).join(", ")}]`);
    }
    expect(() => readDescriptionText(lines.join("\n"))).toThrow("Excessive alias count");
    // Two levels, 11 aliases: read.
    expect(readDescriptionText(lines.slice(0, 2).join("\n"))).toMatchObject({
      b: Array(10).fill(Array(10).fill("x")),
    });
  });
});

const NODE_MODULES = new URL("../../node_modules/", import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, NODE_MODULES), "utf8");

type Loose = Record<string | number, unknown>;
/** The object at `path` inside `value`. */
const at = (value: unknown, ...path: (string | number)[]): Loose =>
  path.reduce((node, key) => (node as Loose)[key], value) as Loose;

/**
 * Pairs whose JSON is not the YAML's content, and how: undoing the difference on the JSON side
 * makes them equal too.
 */
const JSON_DIFFERS: Record<string, (json: unknown) => void> = {
  // The JSON lost the line break that ends a `|` block scalar.
  "3.0/petstore-expanded": (json) => {
    const get = at(json, "paths", "/pets", "get");
    get.description = `${get.description}\n`;
  },
  // The JSON has a leading space that the `>-` block scalar does not.
  "3.0/uspto": (json) => {
    const post = at(json, "paths", "/{dataset}/{version}/records", "post");
    post.description = String(post.description).slice(1);
  },
  // The JSON has `get` where the YAML has `post`, and the other way round.
  "3.1/parameters-style": (json) => {
    const space = at(json, "paths", "/anything/form-data/spaceDelimited");
    const deep = at(json, "paths", "/anything/form-data/deepObject");
    [space.post, deep.get] = [space.get, deep.post];
    delete space.get;
    delete deep.post;
  },
  // The YAML writes "\n" in a plain scalar (two characters there) and has no trailing spaces.
  "3.1/train-travel": (json) => {
    for (const [object, edit] of [
      [at(json, "info"), (text: string) => text.replaceAll("\n", "\\n")],
      [at(json, "tags", 3), (text: string) => text.replaceAll(" \n", "\n")],
      [at(json, "components", "headers", "Retry-After"), (text: string) => text.replaceAll(" \n", "\n")],
    ] as const) {
      object.description = edit(String(object.description));
    }
  },
};

/** Local `$ref`s replaced by what they point at (a reference inside its own target is kept). */
function dereference(root: unknown, value: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => dereference(root, item, seen));
  if (typeof value !== "object" || value === null) return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && ref.startsWith("#/") && !seen.includes(ref)) {
    const target = ref
      .slice(2)
      .split("/")
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)[key.replaceAll("~1", "/").replaceAll("~0", "~")],
        root,
      );
    return dereference(root, target, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dereference(root, item, seen)]));
}

describe("readDescriptionText reads real OpenAPI descriptions as their JSON twins", () => {
  const examples = ["3.0", "3.1"].flatMap((version) =>
    readdirSync(new URL(`@readme/oas-examples/${version}/yaml/`, NODE_MODULES))
      .filter((file) => file.endsWith(".yaml"))
      .map((file) => `${version}/${file.slice(0, -".yaml".length)}`),
  );

  it("finds every @readme/oas-examples pair", () => {
    expect(examples.length).toBe(52);
    for (const name of Object.keys(JSON_DIFFERS)) expect(examples).toContain(name);
  });

  it("@scalar/galaxy", () => {
    expect(readDescriptionText(read("@scalar/galaxy/dist/3.1.yaml"))).toEqual(
      JSON.parse(read("@scalar/galaxy/dist/3.1.json")),
    );
  });

  it.each(examples.filter((name) => !(name in JSON_DIFFERS)))("@readme/oas-examples %s", (name) => {
    const [version, file] = name.split("/");
    const yaml = read(`@readme/oas-examples/${version}/yaml/${file}.yaml`);
    expect(readDescriptionText(yaml)).toEqual(
      JSON.parse(read(`@readme/oas-examples/${version}/json/${file}.json`)),
    );
  });

  it.each(Object.keys(JSON_DIFFERS))("@readme/oas-examples %s, whose JSON differs in a known way", (name) => {
    const [version, file] = name.split("/");
    const yaml = readDescriptionText(read(`@readme/oas-examples/${version}/yaml/${file}.yaml`));
    const json = JSON.parse(read(`@readme/oas-examples/${version}/json/${file}.json`));
    expect(yaml).not.toEqual(json);
    JSON_DIFFERS[name]?.(json);
    expect(yaml).toEqual(json);
  });

  it("shipengine-openapi, whose JSON has its $refs resolved", () => {
    const yaml = readDescriptionText(read("shipengine-openapi/openapi.yaml")) as Record<string, unknown>;
    const json = JSON.parse(read("shipengine-openapi/openapi.json"));
    expect(yaml).not.toEqual(json);
    expect({
      ...yaml,
      paths: dereference(yaml, yaml.paths),
      components: dereference(yaml, yaml.components),
    }).toEqual(json);
  });
});
