// One reader of local `$ref`s (src/generate/local-refs.ts) for the generator and the command
// line: the same pointer names the same node for both, through objects and lists by own
// entries only; what leads nowhere is refused by the generator and left unchecked by the CLI.
import { describe, expect, it } from "vitest";
import { operationSchemas } from "../../src/cli/item-schemas.js";
import { localRefs } from "../../src/generate/local-refs.js";
import { resolver } from "../../src/generate/read-refs.js";

const DOCUMENT = {
  a: { $ref: "#/b" },
  b: [{ type: "string" }, { $ref: "#/c~1d" }],
  "c/d": { type: "integer" },
  "e~f": { type: "boolean" },
  "g h": { type: "number" },
  loop: { $ref: "#/loop" },
};

describe("localRefs follows a pointer inside one document", () => {
  it.each<[string, { given: unknown; want: unknown }]>([
    ["a node that is no $ref is itself", { given: { type: "x" }, want: { type: "x" } }],
    ["the root", { given: { $ref: "#" }, want: DOCUMENT }],
    ["into a list by index", { given: { $ref: "#/b/0" }, want: { type: "string" } }],
    ["a chain to its end", { given: { $ref: "#/a" }, want: DOCUMENT.b }],
    ["a chain through a list", { given: { $ref: "#/b/1" }, want: { type: "integer" } }],
    ["~1 for a slash", { given: { $ref: "#/c~1d" }, want: { type: "integer" } }],
    ["~0 for a tilde", { given: { $ref: "#/e~0f" }, want: { type: "boolean" } }],
    ["percent-escapes", { given: { $ref: "#/g%20h" }, want: { type: "number" } }],
    ["an inherited $ref is no $ref", { given: Object.create({ $ref: "#/a" }), want: {} }],
  ])("%s", (_title, { given, want }) => {
    expect(localRefs(DOCUMENT)(given)).toEqual(want);
  });

  it.each<[string, { given: string; want: string }]>([
    ["another file", { given: "other.yaml#/a", want: "points outside the description" }],
    ["a fragment that is no pointer", { given: "#a", want: "points outside the description" }],
    ["a missing name", { given: "#/nope", want: 'holds no "nope" of its own there' }],
    ["an inherited name", { given: "#/a/constructor", want: 'holds no "constructor" of its own there' }],
    ["a list's length", { given: "#/b/length", want: 'holds no "length" of its own there' }],
    ["an index past the end", { given: "#/b/2", want: 'holds no "2" of its own there' }],
    ["an index written 01", { given: "#/b/01", want: 'holds no "01" of its own there' }],
    ["a circle", { given: "#/loop", want: "goes round in a circle" }],
    ["a malformed escape", { given: "#/nope/%zz", want: "holds a malformed percent-escape" }],
  ])("refuses %s", (_title, { given, want }) => {
    expect(() => localRefs(DOCUMENT)({ $ref: given })).toThrow(want);
  });

  it("reads each pointer once: the second $ref to it finds the first one's target", () => {
    const follow = localRefs(DOCUMENT);
    expect(follow({ $ref: "#/b/0" })).toBe(follow({ $ref: "#/b/0" }));
    expect(follow({ $ref: "#/b/0" })).toBe(DOCUMENT.b[0]);
  });
});

describe("the generator and the command line read a $ref alike", () => {
  /** A description whose one operation's query parameter is `{ $ref: ref }`. */
  function described(ref: string): Record<string, unknown> {
    return {
      openapi: "3.1.0",
      paths: {
        "/x": {
          parameters: [{ name: "q", in: "query", schema: { type: "integer" } }],
          post: { parameters: [{ $ref: ref }] },
        },
        "/y": { get: { parameters: [{ name: "q", in: "query", schema: { enum: ["c"] } }] } },
      },
      components: { parameters: { Q: { name: "q", in: "query", schema: { enum: ["a", "b"] } } } },
    };
  }

  it.each<[string, { given: string; want: readonly unknown[] }]>([
    ["a named parameter", { given: "#/components/parameters/Q", want: ["a", "b"] }],
    ["a pointer into another operation's list", { given: "#/paths/~1y/get/parameters/0", want: ["c"] }],
  ])("%s", (_title, { given, want }) => {
    const description = described(given);
    const parameter = resolver(description)({ $ref: given });
    expect(parameter.name).toBe("q");
    const schemas = operationSchemas(description, "POST /x");
    expect(schemas?.parameters.get("q")?.values).toEqual(want);
    expect(schemas?.parameters.get("q")?.types).toEqual(
      want === undefined ? new Set(["integer"]) : undefined,
    );
  });

  it("a $ref that leads nowhere: the generator refuses it, the command line leaves the item unchecked", () => {
    const description = described("#/components/parameters/constructor");
    expect(() => resolver(description)({ $ref: "#/components/parameters/constructor" })).toThrow(
      'holds no "constructor" of its own there',
    );
    expect(operationSchemas(description, "POST /x")?.parameters.get("q")?.types).toEqual(
      new Set(["integer"]),
    );
  });
});
