// JSON printed again from its text (what --paginate, --slurp and a terminal print) is the
// JSON.stringify of the same value, numbers as written; a number a double changes is found.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedNumber, isCarried } from "../../src/cli/changed-number.js";
import { jsonArrayItems, reprintJson } from "../../src/cli/reprint-json.js";

const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe("reprintJson", () => {
  it("compact and indented, it writes what JSON.stringify writes, whatever the text's whitespace", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 3);
        expect(reprintJson(text)).toBe(JSON.stringify(value));
        expect(reprintJson(text, { indent: 2 })).toBe(JSON.stringify(value, null, 2));
      }),
    );
  });

  it("escaped for a terminal, it is the same JSON without a character that drives one", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "\u009b", "\u007f", "\u202e", "\u2028", "\u0085", '"', "\\"),
    });
    fc.assert(
      fc.property(fc.dictionary(text, text), (value) => {
        const printed = reprintJson(JSON.stringify(value), { indent: 2, escape: true });
        expect(printed).not.toMatch(UNSAFE);
        expect(JSON.parse(printed)).toStrictEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("keeps the digits of numbers, and indents 100 levels, then prints compact", () => {
    expect(reprintJson("[9007199254740993, 1.10, 1E2, -0.0]", { indent: 2 })).toBe(
      "[\n  9007199254740993,\n  1.10,\n  1E2,\n  -0.0\n]",
    );
    const deep = `${"[".repeat(150)}1${"]".repeat(150)}`;
    const printed = reprintJson(deep, { indent: 1 });
    expect(printed.replace(/\s/g, "")).toBe(deep);
    expect(printed.split("\n")).toHaveLength(201);
  });

  it("a margin goes before every line after the first", () => {
    expect(reprintJson('{"a":[1]}', { indent: 2, margin: "  " })).toBe('{\n    "a": [\n      1\n    ]\n  }');
  });
});

describe("jsonArrayItems", () => {
  it("gives each item's text as written, or undefined for no array", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), (items) => {
        const found = jsonArrayItems(` ${JSON.stringify(items, null, 1)} `);
        expect(found?.map((item) => JSON.parse(item))).toStrictEqual(JSON.parse(JSON.stringify(items)));
      }),
    );
    expect(jsonArrayItems('[1.10 , "a,]" ,{"b":[2,3]}]')).toStrictEqual(["1.10", '"a,]"', '{"b":[2,3]}']);
    expect(jsonArrayItems('{"a":[1]}')).toBeUndefined();
  });
});

describe("changedNumber", () => {
  it("an integer is carried when the JSON of its double writes that integer", () => {
    // Up to 10^20 a double's JSON has no exponent, so BigInt reads it exactly. 2^60 is a
    // double, but its JSON (1152921504606847000) is another integer: not carried.
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (integer) => {
        expect(isCarried(String(integer))).toBe(BigInt(JSON.stringify(Number(integer))) === integer);
      }),
    );
    expect(isCarried(String(2n ** 60n))).toBe(false);
    expect(isCarried("9007199254740992")).toBe(true);
  });

  it("what a double writes is carried, in any JSON spelling of the same value", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (number) => {
        expect(changedNumber(JSON.stringify([number, { n: number }]))).toBeUndefined();
      }),
    );
    expect(changedNumber('[1.10, 1e2, 100E-2, -0.0, 0.1, 5e-324, "9007199254740993"]')).toBeUndefined();
  });

  it("finds the first number that would be sent as another", () => {
    expect(changedNumber('{"a":1,"id":9007199254740993}')).toBe("9007199254740993");
    expect(changedNumber("[0.30000000000000001e1]")).toBe("0.30000000000000001e1");
    expect(changedNumber("1e400")).toBe("1e400");
    expect(changedNumber("123456789012345678901234567890")).toBe("123456789012345678901234567890");
  });
});
