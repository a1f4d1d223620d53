import { describe, expect, it } from "vitest";
import { compileTemplate } from "../../src/template/compile-template.js";
import { expandTemplate, parseTemplate } from "../../src/template/uri-template.js";
import { expectEndpointError } from "../helpers.js";

describe("parseTemplate", () => {
  it("compiles once and reports variable names in order of first appearance", () => {
    const t = parseTemplate("/repos/{owner}/{repo}/issues{?state,labels}");
    expect(t.variableNames).toEqual(["owner", "repo", "state", "labels"]);
    expect(t.expand({ owner: "o", repo: "r", labels: ["a", "b"] })).toBe("/repos/o/r/issues?labels=a,b");
    expect(parseTemplate("{a}{b}{a}{?b}").variableNames).toEqual(["a", "b"]);
    // Cached, but invisibly: each call gives a fresh object that expands alike.
    expect(parseTemplate("/x/{a}")).not.toBe(parseTemplate("/x/{a}"));
    expect(parseTemplate("/x/{a}").expand({ a: "b" })).toBe(parseTemplate("/x/{a}").expand({ a: "b" }));
    expect(Object.isFrozen(t)).toBe(true);
  });

  it("expands with no values", () => {
    expect(parseTemplate("/a{/b}{?c}").expand()).toBe("/a");
  });
});

describe("values", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["{n}", { n: 42 }, "42"],
    ["{n}", { n: -1.5 }, "-1.5"],
    ["{n}", { n: -0 }, "0"],
    ["{n}", { n: 1e21 }, "1000000000000000000000"],
    ["{n}", { n: 1.5e-7 }, "0.00000015"],
    ["{n}", { n: -2.5e22 }, "-25000000000000000000000"],
    ["{n}", { n: 123456789012345680000 }, "123456789012345680000"],
    ["{n}", { n: 12345678901234567890n }, "12345678901234567890"],
    ["{b}", { b: true }, "true"],
    ["{b}", { b: false }, "false"],
    ["{d}", { d: new Date(Date.UTC(2020, 0, 2, 3, 4, 5)) }, "2020-01-02T03%3A04%3A05.000Z"],
    ["{?d}", { d: new Date(0) }, "?d=1970-01-01T00%3A00%3A00.000Z"],
    ["{x}", { x: null }, ""],
    ["{x}", { x: undefined }, ""],
    ["{?x,y}", { x: null, y: "1" }, "?y=1"],
    ["{list}", { list: [1, 2n, true, "a b"] }, "1,2,true,a%20b"],
    ["{list}", { list: ["a", null, undefined, "b"] }, "a,b"],
    ["{?list}", { list: [null] }, ""],
    ["{?map*}", { map: { a: 1, b: null, c: undefined, d: "" } }, "?a=1&d="],
    ["{;map*}", { map: { a: "", b: "x" } }, ";a;b=x"],
    ["{?e}", { e: "" }, "?e="],
    ["{/x*}", { x: ["a", "b"] }, "/a/b"],
    ["{x}", { x: "日本" }, "%E6%97%A5%E6%9C%AC"],
    ["{x}", { x: "!'()*" }, "%21%27%28%29%2A"],
    // Each of the five that encodeURIComponent leaves, among text it must escape.
    ["{x}", { x: "a!b'c(d)e*é f/" }, "a%21b%27c%28d%29e%2A%C3%A9%20f%2F"],
    ["{x}", { x: "*" }, "%2A"],
    ["{+x}", { x: "!'()*[]" }, "!'()*[]"],
    ["{+x}", { x: "%zz%4" }, "%25zz%254"],
    ["{+x}", { x: "a%2Fb" }, "a%2Fb"],
    ["{+x}", { x: "é\u{1F600}" }, "%C3%A9%F0%9F%98%80"],
    ["{?__proto__}", JSON.parse('{"__proto__": "p"}') as Record<string, unknown>, "?__proto__=p"],
    ["{constructor}{toString}{__proto__}", {}, ""],
    ["{?constructor}", { constructor: "c" }, "?constructor=c"],
    ["{?m*}", { m: JSON.parse('{"__proto__": "p", "constructor": "c"}') }, "?__proto__=p&constructor=c"],
  ])("%s with %o -> %j", (template, values, expected) => {
    expect(expandTemplate(template, values)).toBe(expected);
  });

  it.each<[string, string, Record<string, unknown>, RegExp]>([
    ["NaN", "{n}", { n: Number.NaN }, /"n" is NaN: pass a finite number/],
    ["Infinity", "{n}", { n: Number.POSITIVE_INFINITY }, /"n" is Infinity/],
    ["a symbol", "{s}", { s: Symbol("s") }, /"s" is a symbol/],
    ["a function", "{f}", { f: () => 1 }, /"f" is a function/],
    ["an invalid Date", "{d}", { d: new Date(Number.NaN) }, /"d" is an invalid Date/],
    ["a Map", "{m}", { m: new Map() }, /"m" is an object that is not plain/],
    ["a class instance", "{c}", { c: new (class Point {})() }, /not plain/],
    ["a nested list", "{l}", { l: ["a", ["b"]] }, /nested list or object at item 1/],
    ["a nested object in a map", "{m}", { m: { a: { b: 1 } } }, /nested list or object at key "a"/],
    ["a prefix on a list", "{l:1}", { l: ["a"] }, /prefix ":1" to it: a prefix applies only to strings/],
    ["a prefix on a map", "{+m:2}", { m: { a: "b" } }, /prefix ":2"/],
    ["a lone high surrogate", "{x}", { x: "a\uD800" }, /"x" holds a lone UTF-16 surrogate/],
    ["a lone low surrogate (reserved)", "{+x}", { x: "\uDC00b" }, /lone UTF-16 surrogate/],
    ["a lone surrogate in a map key", "{?m*}", { m: { "\uD800": "v" } }, /lone UTF-16 surrogate/],
    ["a lone surrogate in a list", "{/l*}", { l: ["ok", "\uDFFF"] }, /lone UTF-16 surrogate/],
  ])("%s is invalid_parameter", (_what, template, values, message) => {
    expectEndpointError(() => expandTemplate(template, values), "invalid_parameter", message);
  });

  it("values must be an object", () => {
    expectEndpointError(
      () => parseTemplate("{x}").expand(5 as unknown as object),
      "invalid_options",
      /got number/,
    );
  });
});

describe("prefixes count code points", () => {
  it.each([
    ["{x:1}", "\u{1D11E}stave", "%F0%9D%84%9E"],
    ["{x:2}", "a\u{1F600}b", "a%F0%9F%98%80"],
    ["{x:3}", "ab", "ab"],
    ["{+x:3}", "%2Fabc", "%2F"],
    ["{+x:2}", "a%2F", "a%25"],
    ["{x:9999}", "short", "short"],
  ])("%s of %j -> %j", (template, value, expected) => {
    expect(expandTemplate(template, { x: value })).toBe(expected);
  });
});

describe("invalid templates report the index of the fault", () => {
  it.each<[string, number, RegExp]>([
    ["{", 0, /expression starting here is not closed/],
    ["/a/{b", 3, /not closed; add "}"/],
    ["/a/{b,", 3, /not closed/],
    ["a}", 1, /"}" without an opening "{"/],
    ["{a}}", 3, /without an opening/],
    ["{}", 1, /expected a variable name, found "}"/],
    ["{,a}", 1, /operator "," is reserved/],
    ["{a,}", 3, /expected a variable name/],
    ["{!a}", 1, /operator "!" is reserved by RFC 6570/],
    ["{=a}", 1, /operator "=" is reserved/],
    ["{@a}", 1, /reserved/],
    ["{|a}", 1, /reserved/],
    ["{a b}", 2, /unexpected a space in an expression/],
    ["{a:0}", 3, /invalid prefix length 0/],
    ["{a:01}", 3, /invalid prefix length 01/],
    ["{a:10000}", 3, /invalid prefix length 10000; write a number from 1 to 9999/],
    ["{a:}", 3, /invalid prefix length \(none\)/],
    ["{a:2*}", 4, /unexpected "\*"/],
    ["{a*:2}", 3, /unexpected ":"/],
    ["{.a.}", 3, /cannot end with "."/],
    ["{a..b}", 2, /cannot end with "."/],
    ["{%2}", 1, /expected a variable name/],
    ["{a-b}", 2, /unexpected "-"/],
    ["/x y", 2, /a space is not allowed in a URI template; percent-encode it as %20/],
    ["/x<y", 2, /"<" is not allowed/],
    ["/x\\y", 2, /"\\\\" is not allowed/],
    ['/"', 1, /"\\"" is not allowed/],
    ["/x^", 2, /not allowed/],
    ["/x`", 2, /not allowed/],
    ["/x|", 2, /not allowed/],
    ["/x\u007f", 2, /control character U\+007F/],
    ["/x\u0000", 2, /control character U\+0000/],
    ["/x%", 2, /"%" not followed by two hex digits/],
    ["/x%4g", 2, /"%" not followed by two hex digits/],
    ["/x\u0085", 2, /U\+0085 is not allowed/],
    ["/x\uD800y", 2, /U\+D800 is not allowed/],
    ["/x\uFDD0", 2, /U\+FDD0 is not allowed/],
    ["/x\uFFFE", 2, /U\+FFFE is not allowed/],
    ["/x\u{1FFFF}", 2, /U\+1FFFF is not allowed/],
    ["/x\u{E0001}", 2, /U\+E0001 is not allowed/],
  ])("%j at %i", (template, index, message) => {
    const error = expectEndpointError(() => parseTemplate(template), "invalid_template", message);
    expect(error.index).toBe(index);
    expect(error.message).toContain(`at index ${index}`);
  });

  it("a template must be a string", () => {
    expectEndpointError(() => parseTemplate(42 as unknown as string), "invalid_template", /must be a string/);
  });
});

describe("literals", () => {
  it("stop at every code point the RFC's character classes leave out, wherever the text turns non-ASCII", () => {
    // The set as one Unicode pattern, which the engine builds only for text past ASCII.
    const stop = /[^!#-;=?-[\]_a-z~\xa0-\u{10ffff}]|[\p{Cs}\p{NChar}\ufff0-\ufffd\u{e0000}-\u{e0fff}]/u;
    let refused = 0;
    for (let code = 0; code <= 0x10ffff; code++) {
      const char = String.fromCodePoint(code);
      if (char === "{" || char === "%") continue;
      const template = code % 2 === 0 ? `/a${char}b` : `/\u00e9${char}{x}`;
      let thrown: unknown;
      try {
        compileTemplate(template);
      } catch (error) {
        thrown = error;
      }
      if (stop.test(char)) {
        refused++;
        expect((thrown as { index?: number } | undefined)?.index, `U+${code.toString(16)}`).toBe(2);
      } else if (thrown !== undefined) {
        throw new Error(`U+${code.toString(16)} refused`);
      }
    }
    expect(refused).toBeGreaterThan(2048 + 66 + 4096);
  });

  it.each([
    ["/caf\u00e9/{x}", "/caf%C3%A9/v"],
    ["/\u{1F600}", "/%F0%9F%98%80"],
    ["/\uE000\u{10FFFD}", "/%EE%80%80%F4%8F%BF%BD"],
    ["/x%20y%2f", "/x%20y%2f"],
    ["/a'b!$&()*+,;=:@[]~-._?#", "/a'b!$&()*+,;=:@[]~-._?#"],
  ])("%j -> %j", (template, expected) => {
    expect(expandTemplate(template, { x: "v" })).toBe(expected);
  });
});

describe("the engine alone", () => {
  it("knows two extensions and no rule of any other syntax: names with -, and placeholders it is given", () => {
    const compiled = compileTemplate("/a/@me/{b-c}?x", {
      dashInNames: true,
      placeholders: [{ index: 3, name: "me" }],
    });
    expect(compiled.variableNames).toEqual(["me", "b-c"]);
    expect(compiled.parts.map((part) => (typeof part === "string" ? part : part.index))).toEqual([
      "/a/",
      3,
      "/",
      7,
      "?x",
    ]);
    expectEndpointError(() => compileTemplate("/{b-c}"), "invalid_template");
    expect(compileTemplate("/:me").variableNames).toEqual([]);
  });

  it("the plain engine rejects what only routes allow", () => {
    expectEndpointError(() => parseTemplate("/{enterprise-team}"), "invalid_template");
    expect(parseTemplate("/:owner").expand({ owner: "x" })).toBe("/:owner");
  });
});
