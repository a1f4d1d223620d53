// Schemas typed to their depth: a `$ref`'s schema is written once in the interface `Schemas`
// and named where it is used; form and multipart fields are typed as JSON ones are. Each case's
// types are also compiled with TypeScript 5.9, so what is written is what TypeScript accepts.
import ts from "typescript59";
import { describe, expect, it } from "vitest";
import { generateOperations } from "../../src/generate/index.js";

function post(requestBody: unknown, schemas: Record<string, unknown> = {}) {
  return {
    openapi: "3.0.3",
    info: { title: "T", version: "1" },
    paths: { "/things": { post: { requestBody } } },
    components: { schemas },
  };
}
const json = (schema: unknown) => ({ required: true, content: { "application/json": { schema } } });

/** TypeScript's own libs, parsed once for every case (lib.dom alone is megabytes of text). */
const LIBS = new Map<string, ts.SourceFile | undefined>();

/** The errors TypeScript 5.9 finds in generated types, with a stand-in for the library's module. */
function compileErrors(types: string): string[] {
  const files: Record<string, string> = {
    "/v/api.d.mts": types,
    "/v/ops.d.mts":
      "export type OperationTable<R = unknown> = { readonly routes?: R };\nexport type ServerModel = object;\n",
  };
  const options: ts.CompilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    if (files[name] !== undefined) return ts.createSourceFile(name, files[name] as string, language);
    if (!LIBS.has(name)) LIBS.set(name, getSourceFile.call(host, name, language, ...rest));
    return LIBS.get(name);
  };
  host.fileExists = (name) => files[name] !== undefined || fileExists.call(host, name);
  host.readFile = (name) => files[name] ?? readFile.call(host, name);
  host.directoryExists = (name) => name === "/v" || ts.sys.directoryExists(name);
  const program = ts.createProgram(["/v/api.d.mts"], options, host);
  // The generated file's errors only: checking TypeScript's own libs again finds nothing new.
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile("/v/api.d.mts"))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

const generate = (spec: unknown) => generateOperations(spec, { importFrom: "./ops.mjs" });

describe("schemas typed to their depth", () => {
  it("names a $ref's schema once, and a schema that refers to itself is a recursive type", () => {
    const { types } = generate(
      post(json({ $ref: "#/components/schemas/Node" }), {
        Node: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
            meta: {
              type: "object",
              properties: { a: { type: "object", properties: { b: { type: "integer" } } } },
            },
          },
        },
      }),
    );
    expect(types).toContain(
      '"POST /things": ({ data: unknown } | { name: string; children?: Schemas["Node"][] | undefined;',
    );
    expect(types).toContain(
      'export interface Schemas {\n  "Node": { name: string; children?: Schemas["Node"][];',
    );
    expect(types).toContain("meta?: { a?: { b?: number } }");
    expect(compileErrors(types)).toEqual([]);
  });

  it("types deep inline schemas to the end, past the three levels GitHub's map keeps", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 8; level++) schema = { type: "object", properties: { next: schema } };
    const { types } = generate(post(json(schema)));
    expect(types).toContain(`${"{ next?: ".repeat(7)}string${" }".repeat(7)}`);
    const inline = generateOperations(post(json(schema)), { inlineSchemas: true }).types;
    expect(inline).toContain("next?: unknown");
    expect(inline).not.toContain("Schemas");
  });

  it("writes unknown for schemas that are each other round in a circle, which TypeScript refuses", () => {
    const { types } = generate(
      post(json({ type: "object", properties: { a: { $ref: "#/components/schemas/A" } } }), {
        A: { allOf: [{ $ref: "#/components/schemas/B" }] },
        B: { type: "array", items: { $ref: "#/components/schemas/A" } },
        C: { type: "object", properties: { c: { $ref: "#/components/schemas/C" } } },
      }),
    );
    expect(types).toContain('"A": unknown;');
    expect(types).toContain('"B": unknown;');
    expect(compileErrors(types)).toEqual([]);
  });

  it("keeps a route whose schema names a $ref that names nothing, and types that schema unknown", () => {
    const { types, operations, notes } = generate(
      post(json({ type: "object", properties: { a: { $ref: "#/components/schemas/A" } } }), {
        A: { type: "object", properties: { b: { $ref: "#/components/schemas/Missing" } } },
      }),
    );
    expect(operations).toHaveLength(1);
    expect(types).toContain('"A": unknown;');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^schema "A" is typed unknown: .*#\/components\/schemas\/Missing/);
    expect(compileErrors(types)).toEqual([]);
  });

  it("writes a property name bare when it is an identifier, else quoted", () => {
    const { types } = generate(
      post(
        json({ type: "array", items: { type: "object", properties: { ok_1: {}, "not-bare": {}, "": {} } } }),
      ),
    );
    // The body is required and only data can carry it (a list), so data is required.
    expect(types).toContain('data: { ok_1?: unknown; "not-bare"?: unknown; ""?: unknown }[] }');
    expect(compileErrors(types)).toEqual([]);
  });

  it("reads an object body's fields through allOf", () => {
    const { operations } = generate(
      post(
        json({
          type: "object",
          allOf: [
            { required: ["name"], properties: { name: { type: "string" } } },
            { $ref: "#/components/schemas/Tagged" },
          ],
        }),
        { Tagged: { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } } },
      ),
    );
    expect(operations[0]?.body).toEqual([
      { name: "name", required: true, type: "string" },
      { name: "tags", required: false, type: "string[]" },
    ]);
  });

  it.each([
    ["application/json", "string"],
    ["multipart/form-data", "Blob | ArrayBuffer | ArrayBufferView"],
  ])("reads a %s body of allOf parts alone (no type) as their fields", (media, fileType) => {
    const { operations, types } = generate(
      post(
        {
          required: true,
          content: {
            [media]: {
              schema: {
                allOf: [
                  { $ref: "#/components/schemas/Named" },
                  { required: ["file"], properties: { file: { type: "string", format: "binary" } } },
                ],
              },
            },
          },
        },
        { Named: { type: "object", required: ["name"], properties: { name: { type: "string" } } } },
      ),
    );
    expect(operations[0]?.body).toEqual([
      { name: "name", required: true, type: "string" },
      { name: "file", required: true, type: fileType },
    ]);
    // The fields are parameters, and required ones must be given (or the body as data).
    expect(types).toContain(`({ data: unknown } | { name: string; file: ${fileType} })`);
    expect(compileErrors(types)).toEqual([]);
  });

  it("keeps a body of an empty properties object an object body (no fields), as before allOf was read", () => {
    const { operations } = generate(post(json({ properties: {} })));
    expect(operations[0]?.bodyKind).toBe("json");
    expect(operations[0]?.body).toEqual([]);
  });

  it("gives allOf parts that are not all objects whole as data, required when the body is", () => {
    const { operations, types } = generate(
      post(json({ allOf: [{ type: "array", items: { type: "string" } }, { minItems: 1 }] })),
    );
    expect(operations[0]?.bodyKind).toBe("json-data");
    expect(types).toContain('"POST /things": { data: string[] & unknown }');
    expect(compileErrors(types)).toEqual([]);
  });

  it("never requires a read-only body field in a request", () => {
    const { operations } = generate(
      post(
        json({
          type: "object",
          required: ["id", "name"],
          properties: { id: { type: "integer", readOnly: true }, name: { type: "string" } },
        }),
      ),
    );
    expect(operations[0]?.body).toEqual([
      { name: "id", required: false, type: "number" },
      { name: "name", required: true, type: "string" },
    ]);
  });

  it("types the values of an object of any keys by additionalProperties", () => {
    const { operations } = generate(
      post(
        json({
          type: "object",
          properties: {
            files: {
              type: "object",
              additionalProperties: { type: "object", properties: { content: { type: "string" } } },
            },
            labels: { type: "object", additionalProperties: true },
          },
        }),
      ),
    );
    expect(operations[0]?.body).toEqual([
      { name: "files", required: false, type: "{ [key: string]: { content?: string } }" },
      { name: "labels", required: false, type: "{ [key: string]: unknown }" },
    ]);
  });

  it.each([
    ["no properties", {}],
    ["empty properties", { properties: {} }],
  ])(
    "reads a part of any keys (%s) beside named fields (allOf) as allowing other keys, whatever their values",
    (_, named) => {
      const { operations } = generate(
        post(
          json({
            type: "object",
            properties: {
              account: {
                allOf: [
                  { type: "object", properties: { billCycleDay: { type: "integer" } } },
                  { type: "object", ...named, additionalProperties: { type: "string" } },
                ],
              },
            },
          }),
        ),
      );
      // Not `{ [key: string]: string }`, which no value with billCycleDay could meet.
      expect(operations[0]?.body).toEqual([
        { name: "account", required: false, type: "{ billCycleDay?: number } & { [key: string]: unknown }" },
      ]);
    },
  );

  it("writes a named schema out whatever its length (674 properties)", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 674 }, (_, i) => [`setting${i}Enabled`, { type: "string" }]),
    );
    const { types } = generate(
      post(json({ type: "object", properties: { settings: { $ref: "#/components/schemas/Wide" } } }), {
        Wide: { type: "object", properties },
      }),
    );
    expect(types).toContain('"Wide": { setting0Enabled?: string; ');
    expect(types).toContain("setting673Enabled?: string }");
    expect(compileErrors(types)).toEqual([]);
  });

  it("types form and multipart fields to their depth, files as Blob or bytes", () => {
    const address = {
      type: "object",
      properties: { city: { type: "string" }, lines: { type: "array", items: { type: "string" } } },
    };
    const form = generate(
      post({
        content: {
          "application/x-www-form-urlencoded": { schema: { type: "object", properties: { address } } },
        },
      }),
    );
    expect(form.operations[0]?.body).toEqual([
      { name: "address", required: false, type: "{ city?: string; lines?: string[] }" },
    ]);
    const multipart = generate(
      post({
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: {
                file: { type: "string", format: "binary" },
                files: { type: "array", items: { type: "string", format: "binary" } },
                address,
              },
            },
          },
        },
      }),
    );
    expect(multipart.operations[0]?.body.map((field) => field.type)).toEqual([
      "Blob | ArrayBuffer | ArrayBufferView",
      "(Blob | ArrayBuffer | ArrayBufferView)[]",
      "{ city?: string; lines?: string[] }",
    ]);
    expect(compileErrors(multipart.types)).toEqual([]);
  });
});

describe("response types", () => {
  const spec = (responses: unknown) => ({
    openapi: "3.1.0",
    info: { title: "T", version: "1" },
    paths: { "/things": { get: { responses } } },
    components: { schemas: { Thing: { type: "object", properties: { id: { type: "integer" } } } } },
  });

  it("types each response's body by its status: JSON by its schema, text, no content, anything else", () => {
    const { types, operations } = generate(
      spec({
        200: { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        "2XX": { content: { "application/problem+json": { schema: { type: "string" } } } },
        204: { description: "none" },
        400: { content: { "text/plain": { schema: { type: "string" } } } },
        default: { content: { "image/png": {} } },
        "x-extension": { description: "not a status" },
      }),
    );
    expect(operations[0]?.responses).toEqual({
      200: 'Schemas["Thing"]',
      "2XX": "string",
      204: "undefined",
      400: "string",
      default: "unknown",
    });
    expect(types).toContain(
      'export interface Responses {\n  "GET /things": { "200": Schemas["Thing"]; "204": undefined; "400": string; "2XX": string; "default": unknown };',
    );
    expect(compileErrors(types)).toEqual([]);
  });

  it("keeps an operation whose response names a $ref to nothing, its body unknown, and says so", () => {
    const { operations, notes } = generate(
      spec({
        200: { content: { "application/json": { schema: { $ref: "#/components/schemas/Missing" } } } },
      }),
    );
    // Never a silent unknown (issue 37): the note names the operation, the status and the $ref.
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^GET \S+: the body of response "200" is typed unknown: .*#\/components\/schemas\/Missing/,
    );
    expect(operations[0]?.responses).toEqual({ 200: "unknown" });
  });

  it("writes none when asked not to (GitHub's map)", () => {
    const { types, operations } = generateOperations(spec({ 200: { description: "ok" } }), {
      responses: false,
    });
    expect(operations[0]?.responses).toBeUndefined();
    expect(types).not.toContain("Responses");
  });
});
