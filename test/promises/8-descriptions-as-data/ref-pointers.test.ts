// The generator's own `$ref` reader: a pointer names only the description's own
// data. A name that objects or lists inherit (`constructor`, `__proto__`, `length`,
// `toString`) names nothing, whatever the description's objects are, and the message says so.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateOperations } from "../../../src/generate/index.js";

/** The notes of generating a description whose one parameter is `{ $ref: ref }`. */
function notesFor(ref: string, extra: Record<string, unknown> = {}): readonly string[] {
  const spec = {
    openapi: "3.1.0",
    paths: { "/a": { get: { parameters: [{ $ref: ref }] } } },
    components: { parameters: { p: { name: "p", in: "query" } }, list: [1, 2] },
    ...extra,
  };
  const { notes, operations } = generateOperations(spec);
  expect(operations).toHaveLength(0);
  return notes;
}

describe("a $ref through an inherited name names nothing", () => {
  it.each<[string, { given: string; want: string }]>([
    ["constructor", { given: "#/constructor", want: '"constructor"' }],
    ["constructor/prototype", { given: "#/constructor/prototype", want: '"constructor"' }],
    ["__proto__", { given: "#/__proto__", want: '"__proto__"' }],
    ["toString under components", { given: "#/components/toString", want: '"toString"' }],
    ["a list's length", { given: "#/components/list/length", want: '"length"' }],
    ["a list's map", { given: "#/components/list/map", want: '"map"' }],
    [
      "a parameter's hasOwnProperty",
      { given: "#/components/parameters/p/hasOwnProperty", want: '"hasOwnProperty"' },
    ],
    ["percent-encoded", { given: "#/%5F%5Fproto%5F%5F", want: '"__proto__"' }],
  ])("%s", (_title, { given, want }) => {
    const [note] = notesFor(given);
    expect(note).toContain("names nothing in the description");
    expect(note).toContain(`holds no ${want} of its own there`);
  });

  it("property: every name Object, Array or Function prototypes hold, at any depth", () => {
    const inherited = [
      ...new Set([
        ...Object.getOwnPropertyNames(Object.prototype),
        ...Object.getOwnPropertyNames(Array.prototype),
        ...Object.getOwnPropertyNames(Function.prototype),
      ]),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...inherited),
        fc.constantFrom("#", "#/components", "#/components/parameters/p", "#/components/list"),
        (name, at) => {
          // The parameter holds a `name` of its own (Function.prototype has one too): data.
          fc.pre(!(at === "#/components/parameters/p" && name === "name"));
          const [note] = notesFor(`${at}/${name}`);
          expect(note).toContain(`holds no ${JSON.stringify(name)} of its own there`);
        },
      ),
    );
  });

  it("an own key named constructor or __proto__ is data, and a $ref to it is followed", () => {
    const spec = JSON.parse(
      '{"openapi":"3.1.0","paths":{"/a":{"get":{"parameters":[{"$ref":"#/components/parameters/__proto__"},{"$ref":"#/components/parameters/constructor"}]}}},"components":{"parameters":{"__proto__":{"name":"x","in":"query"},"constructor":{"name":"y","in":"query"}}}}',
    );
    const { notes, operations } = generateOperations(spec);
    expect(notes).toEqual([]);
    expect(operations).toHaveLength(1);
    expect(Object.prototype).not.toHaveProperty("name");
  });
});
