// One Operation Object read into the model of its route: its parameters placed (path
// expressions, the form-style query in the template, codes for the others), its url template,
// and notes for what cannot be sent as described.
import { describe, expect, it } from "vitest";
import { readOperation } from "../../src/generate/read-operation.js";
import { resolver } from "../../src/generate/read-refs.js";
import type { RouteTypeSettings } from "../../src/generate/route-type-settings.js";
import type { OperationModel } from "../../src/generate/route-types.js";
import { type Schema, schemaTypes } from "../../src/generate/schema-type.js";

interface Given {
  readonly method?: string;
  readonly path: string;
  readonly parameters: readonly Schema[];
  readonly itemParameters?: readonly Schema[];
  readonly options?: RouteTypeSettings;
}

/** The operation's model and notes, read as the generator reads it. */
function read({ method = "get", path, parameters, itemParameters = [], options = {} }: Given) {
  const spec: Schema = { openapi: "3.1.0" };
  const resolve = resolver(spec);
  const readers = { resolve, typeOf: schemaTypes(resolve).typeOf };
  const notes: string[] = [];
  const item = { parameters: itemParameters };
  const model = readOperation(path, method, item, { parameters }, readers, "", options, notes);
  return { model, notes };
}

const list = { type: "array", items: { type: "string" } };
const object = { type: "object", properties: { a: { type: "string" } } };

describe("readOperation: parameters and the url template", () => {
  it.each<[string, { given: Given; want: Partial<OperationModel> }]>([
    [
      "a path parameter is a simple expression, and the route keeps its name",
      {
        given: { path: "/a/{id}", parameters: [{ name: "id", in: "path", schema: { type: "string" } }] },
        want: { url: "/a/{id}", path: ["id"], query: [] },
      },
    ],
    [
      "label and matrix styles write their operators in the template",
      {
        given: {
          path: "/a/{x}/{y}",
          parameters: [
            { name: "x", in: "path", style: "label", schema: list },
            { name: "y", in: "path", style: "matrix", explode: true, schema: list },
          ],
        },
        want: {
          url: "/a/{x}/{y}",
          template: "/a/{.x}/{;y*}",
          path: [
            { name: "x", type: "string[]" },
            { name: "y", type: "string[]" },
          ],
        },
      },
    ],
    [
      "a GET's single-value query is a leftover: no expression of its own",
      {
        given: { path: "/a", parameters: [{ name: "q", in: "query", schema: { type: "string" } }] },
        want: { url: "/a", query: [{ name: "q", required: false, type: "string" }] },
      },
    ],
    [
      "an exploded list in a GET's query is written in the template",
      {
        given: { path: "/a", parameters: [{ name: "tags", in: "query", schema: list }] },
        want: { url: "/a", template: "/a{?tags*}" },
      },
    ],
    [
      "a POST's query goes in the template, and in the route with queryInRoute",
      {
        given: {
          method: "post",
          path: "/a",
          parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
          options: { queryInRoute: true },
        },
        want: { method: "POST", url: "/a{?q}" },
      },
    ],
    [
      "a query after one the path key holds joins it with &",
      {
        given: {
          method: "post",
          path: "/a?x=1",
          parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
        },
        want: { url: "/a?x=1", template: "/a?x=1{&q}" },
      },
    ],
    [
      "the query goes before a fragment",
      {
        given: {
          method: "post",
          path: "/#Action=Send",
          parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
        },
        want: { url: "/#Action=Send", template: "/{?q}#Action=Send" },
      },
    ],
    [
      "deepObject, header and cookie parameters are codes, exploded where they say so",
      {
        given: {
          path: "/a",
          parameters: [
            { name: "filter", in: "query", style: "deepObject", explode: true, schema: object },
            { name: "h", in: "header", explode: true, schema: list },
            { name: "c", in: "cookie", schema: { type: "string" } },
          ],
        },
        want: { params: { filter: "query deepObject*", h: "header simple*", c: "cookie form" } },
      },
    ],
    [
      "a /:name placeholder its parameter declares stays; another is literal text",
      {
        given: { path: "/a/:id/:other", parameters: [{ name: "id", in: "path" }] },
        want: { url: "/a/:id/:other", template: "/a/:id/%3Aother", path: ["id"] },
      },
    ],
    [
      "the operation's parameter replaces the path item's of the same name and place",
      {
        given: {
          path: "/a",
          itemParameters: [{ name: "q", in: "query", schema: { type: "string" } }],
          parameters: [{ name: "q", in: "query", required: true, schema: { type: "integer" } }],
        },
        want: { query: [{ name: "q", required: true, type: "number" }] },
      },
    ],
  ])("%s", (_title, { given, want }) => {
    const { model, notes } = read(given);
    expect(notes).toStrictEqual([]);
    expect(model).toMatchObject(want);
    if (!("template" in want)) expect(model.template).toBeUndefined();
  });

  it.each<[string, { given: Given; want: string }]>([
    [
      "a header that frames the message",
      { given: { path: "/a", parameters: [{ name: "Content-Length", in: "header" }] }, want: "would frame" },
    ],
    [
      "a parameter without a place",
      { given: { path: "/a", parameters: [{ name: "x" }] }, want: "known place" },
    ],
    [
      "an empty name",
      { given: { path: "/a", parameters: [{ name: "", in: "query" }] }, want: "without a name" },
    ],
    [
      "a name past the length bound",
      {
        given: { path: "/a", parameters: [{ name: "n".repeat(1001), in: "query" }] },
        want: "longer than 1000",
      },
    ],
    [
      "__proto__",
      {
        given: { path: "/a", parameters: [{ name: "__proto__", in: "query" }] },
        want: '"__proto__" cannot be given',
      },
    ],
    [
      "a name another place took",
      {
        given: {
          path: "/a",
          parameters: [
            { name: "x", in: "query" },
            { name: "x", in: "header" },
          ],
        },
        want: 'header parameter "x" has the name of another',
      },
    ],
    [
      "a path parameter the path does not hold",
      {
        given: { path: "/a", parameters: [{ name: "id", in: "path" }] },
        want: "cannot be sent as described",
      },
    ],
    [
      "a query style a query cannot take",
      {
        given: { path: "/a", parameters: [{ name: "q", in: "query", style: "matrix" }] },
        want: "style matrix",
      },
    ],
  ])("left out with a note: %s", (_title, { given, want }) => {
    const { model, notes } = read(given);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(want);
    expect(notes[0]).toMatch(/^GET \/a: /);
    expect([...model.path, ...model.query, ...(model.header ?? [])]).toHaveLength(
      given.parameters.length - 1,
    );
  });
});
