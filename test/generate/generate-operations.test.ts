// The generator, on small descriptions written here (table rows: description -> operation data)
// and on public descriptions that ship in npm packages:
// - @scalar/galaxy 0.6.12 (MIT): the Scalar Galaxy example API, OpenAPI 3.1, JSON and YAML;
// - shipengine-openapi 1.4.0 (MIT): ShipEngine's API, OpenAPI 3.0, YAML (and a dereferenced JSON);
// - @digdir/dialogporten-schema 1.118.6 (ISC): Norway's Dialogporten API, OpenAPI 3.0, JSON;
// - @readme/oas-examples 8.2.2 (MIT): "parameters-style", one operation per style, 3.0 and 3.1.
// They are devDependencies, read from node_modules.
import { readFileSync } from "node:fs";
import { readDescriptionText } from "rest-endpoint-openapi";
import ts from "typescript59";
import { describe, expect, it } from "vitest";
import { generateOperations, readDescription } from "../../src/generate/index.js";
import { operationData } from "../../src/generate/route-types.js";
import { type EndpointError, endpoint, type OperationsData } from "../../src/index.js";
import { describeOperations } from "../../src/operations/describe-operations.js";
import { thrownBy } from "../helpers.js";

const read = (path: string) => readFileSync(new URL(`../../node_modules/${path}`, import.meta.url), "utf8");

/** A description of one operation, `GET /items/{id}` unless another path or method is given. */
function one(operation: Record<string, unknown>, path = "/items/{id}", method = "get") {
  return { openapi: "3.1.0", info: { title: "T", version: "1" }, paths: { [path]: { [method]: operation } } };
}
const id = { name: "id", in: "path", required: true, schema: { type: "string" } };
const param = (name: string, where: string, schema: unknown, extra: Record<string, unknown> = {}) => ({
  name,
  in: where,
  schema,
  ...extra,
});
const list = { type: "array", items: { type: "string" } };
const object = { type: "object", properties: { a: { type: "string" } } };

/** The operation data written for each description: `[what, operation, route, data]`. */
const ROWS: [string, Record<string, unknown>, string, OperationsData[string]][] = [
  ["a path parameter", { parameters: [id] }, "GET /items/{id}", "/items/{id}"],
  [
    "label and matrix path styles, exploded lists",
    { parameters: [{ ...id, style: "label", explode: true, schema: list }] },
    "GET /items/{id}",
    "/items/{.id*}",
  ],
  ["matrix", { parameters: [{ ...id, style: "matrix" }] }, "GET /items/{id}", "/items/{;id}"],
  [
    "query form (exploded by default); a GET's unexploded list is a leftover, written the same",
    { parameters: [id, param("a", "query", list), param("b", "query", list, { explode: false })] },
    "GET /items/{id}",
    "/items/{id}{?a*}",
  ],
  [
    "a single value on a GET is a leftover, written the same as {?n}: no expression",
    { parameters: [id, param("n", "query", { type: "integer" })] },
    "GET /items/{id}",
    "/items/{id}",
  ],
  [
    "an unexploded object on a GET needs its expression (a leftover object is refused)",
    { parameters: [id, param("o", "query", object, { explode: false })] },
    "GET /items/{id}",
    "/items/{id}{?o}",
  ],
  [
    "a DELETE's query parameters are all in the template (leftovers would go to the body)",
    {
      parameters: [
        id,
        param("n", "query", { type: "integer" }),
        param("b", "query", list, { explode: false }),
      ],
    },
    "DELETE /items/{id}",
    "/items/{id}{?n,b}",
  ],
  [
    "query styles without an RFC 6570 form",
    {
      parameters: [
        id,
        param("d", "query", object, { style: "deepObject", explode: true }),
        param("p", "query", list, { style: "pipeDelimited", explode: false }),
        param("s", "query", list, { style: "spaceDelimited", explode: false }),
        param("r", "query", { type: "string" }, { allowReserved: true }),
        param("page[size]", "query", { type: "integer" }),
      ],
    },
    "GET /items/{id}",
    {
      url: "/items/{id}",
      params: {
        d: "query deepObject*",
        p: "query pipeDelimited",
        s: "query spaceDelimited",
        r: "query form+",
        "page[size]": "query form",
      },
    },
  ],
  [
    // OpenAPI ignores these three; left out, a value given for one went to the query.
    "headers and cookies; Accept, Content-Type and Authorization headers kept as headers",
    {
      parameters: [
        id,
        param("X-Trace", "header", { type: "string" }),
        param("X-List", "header", list, { explode: true }),
        param("Accept", "header", { type: "string" }),
        param("authorization", "header", { type: "string" }),
        param("session", "cookie", { type: "string" }),
      ],
    },
    "GET /items/{id}",
    {
      url: "/items/{id}",
      params: {
        "X-Trace": "header simple",
        "X-List": "header simple*",
        Accept: "header simple",
        authorization: "header simple",
        session: "cookie form",
      },
    },
  ],
  [
    "query parameters of a POST stay in the query, not in the route",
    {
      parameters: [id, param("dry", "query", { type: "boolean" })],
      requestBody: { content: { "application/json": { schema: object } } },
    },
    "POST /items/{id}",
    "/items/{id}{?dry}",
  ],
  [
    "body fields named like an option key are parameters on the route",
    {
      requestBody: {
        content: {
          "application/vnd.api+json": {
            schema: {
              type: "object",
              properties: { data: object, headers: object, url: { type: "string" } },
            },
          },
        },
      },
    },
    "POST /things",
    { url: "/things", params: { data: "body", headers: "body" }, body: "application/vnd.api+json" },
  ],
  [
    "a required JSON object body is marked, so that it is sent as {} when no field is given",
    { requestBody: { required: true, content: { "application/json": { schema: object } } } },
    "POST /things",
    { url: "/things", bodyRequired: true },
  ],
  [
    "a required form body is marked",
    {
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: object } } },
    },
    "POST /things",
    { url: "/things", body: "application/x-www-form-urlencoded", bodyRequired: true },
  ],
  [
    "a required body sent whole is marked, so that it is refused without data",
    {
      requestBody: {
        required: true,
        content: { "application/octet-stream": { schema: { type: "string" } } },
      },
    },
    "PUT /things",
    { url: "/things", body: "application/octet-stream", bodyRequired: true },
  ],
  [
    "a required JSON body of another shape (a list) is not marked: {} would be wrong, its type asks for data",
    { requestBody: { required: true, content: { "application/json": { schema: { type: "array" } } } } },
    "POST /things",
    "/things",
  ],
  [
    "an optional body is not marked",
    { requestBody: { content: { "application/json": { schema: object } } } },
    "POST /things",
    "/things",
  ],
  [
    // Typed by its schema, sent as a plain route's body: no label, nothing marked.
    "a body described by */* only (Kubernetes) is sent as a plain route's, required or not",
    { requestBody: { required: true, content: { "*/*": { schema: object } } } },
    "POST /things",
    "/things",
  ],
  [
    "a body described by application/* only, the same",
    { requestBody: { content: { "application/*": { schema: { type: "array" } } } } },
    "PUT /things",
    "/things",
  ],
  [
    "a form field whose encoding names a JSON contentType is one JSON value",
    {
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: { type: "object", properties: { meta: object, name: { type: "string" } } },
            encoding: { meta: { contentType: "application/json" } },
          },
        },
      },
    },
    "POST /things",
    { url: "/things", params: { meta: "body application/json" }, body: "application/x-www-form-urlencoded" },
  ],
];

describe("generateOperations: description -> operation data", () => {
  for (const [what, operation, route, data] of ROWS) {
    it(what, () => {
      const [method = "", path = ""] = route.split(" ");
      const { module, operations } = generateOperations(one(operation, path, method.toLowerCase()));
      expect(operations).toHaveLength(1);
      expect(module).toContain(`${JSON.stringify(route)}: `);
      const written = new Function(
        "describeOperations",
        `${module
          .replace(/^import .*$/m, "")
          .replaceAll("export const", "const")
          .replaceAll("export function", "function")}; return data;`,
      )(describeOperations) as OperationsData;
      expect(written[route]).toEqual(data);
    });
  }

  it("keeps an OPTIONS operation and types it: query parameters as a GET's, its body whole as data", () => {
    const spec = {
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {
        "/files/content": {
          options: {
            parameters: [param("fields", "query", { type: "string" })],
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { name: { type: "string" }, size: { type: "integer" } },
                    required: ["name"],
                  },
                },
              },
            },
          },
        },
        "/proxy/{name}": { options: { parameters: [{ ...id, name: "name" }, param("path", "query", {})] } },
      },
    };
    const { module, types, operations, notes } = generateOperations(spec);
    expect(notes).toEqual([]);
    expect(operations.map((op) => `${op.method} ${op.url}`)).toEqual([
      "OPTIONS /files/content",
      "OPTIONS /proxy/{name}",
    ]);
    // The body's fields are no parameters (those go to the query): the body is typed as data.
    expect(types).toContain(
      '"OPTIONS /files/content": { fields?: string | undefined; data?: { name: string; size?: number } | undefined };',
    );
    expect(types).toContain('"OPTIONS /proxy/{name}": { name: string | number | bigint; path?: unknown };');
    const written = new Function(
      "describeOperations",
      `${module
        .replace(/^import .*$/m, "")
        .replaceAll("export const", "const")
        .replaceAll("export function", "function")}; return data;`,
    )(describeOperations) as OperationsData;
    const api = endpoint.defaults({
      baseUrl: "https://api.example",
      operations: describeOperations(written),
    });
    expect(api("OPTIONS /proxy/{name}", { name: "s", path: "a/b" } as never)).toMatchObject({
      method: "options",
      url: "https://api.example/proxy/s?path=a%2Fb",
    });
    expect(api("OPTIONS /files/content", { fields: "id", data: { name: "a" } } as never)).toMatchObject({
      method: "options",
      url: "https://api.example/files/content?fields=id",
      body: { name: "a" },
    });
    // A required body goes out empty when none is given, as for a POST.
    expect(api("OPTIONS /files/content", {} as never)).toMatchObject({ body: {} });
  });

  it("keeps the first of two parameters with one name, and says so", () => {
    const { operations, notes } = generateOperations(
      one({ parameters: [id, param("q", "query", {}), param("q", "header", {})] }),
    );
    expect(operations[0]?.params).toBeUndefined();
    expect(notes).toEqual([`GET /items/{id}: header parameter "q" has the name of another and is left out.`]);
  });

  it("puts a path under its operation's own server in the route", () => {
    const spec = {
      ...one({ servers: [{ url: "https://uploads.example/v2/" }], parameters: [id] }),
      servers: [{ url: "https://{region}.api.example", variables: { region: { default: "eu" } } }],
    };
    const { operations, baseUrl } = generateOperations(spec);
    expect(baseUrl).toBe("https://eu.api.example");
    expect(operations[0]?.url).toBe("https://uploads.example/v2/items/{id}");
  });

  it("writes route keys with their form query on requests with a body when asked (GitHub's routes)", () => {
    const spec = one({ parameters: [id, param("name", "query", { type: "string" })] }, "/items/{id}", "post");
    expect(generateOperations(spec, { queryInRoute: true }).operations[0]?.url).toBe("/items/{id}{?name}");
    expect(generateOperations(spec).operations[0]?.url).toBe("/items/{id}");
  });

  it.each([
    ["Swagger 2.0", { swagger: "2.0", paths: {} }, /Swagger 2\.0: convert it/],
    ["no version", { paths: {} }, /OpenAPI 3\.0 and 3\.1/],
  ])("refuses %s with a message that says why", (_, spec, message) => {
    expect(() => generateOperations(spec)).toThrow(message);
  });

  // One operation the generator cannot read never refuses the whole description.
  it.each([
    ["a $ref to another file", one({ parameters: [{ $ref: "other.yaml#/p" }] }), /outside the description/],
    ["a $ref to nothing", one({ parameters: [{ $ref: "#/components/parameters/none" }] }), /names nothing/],
    [
      "a $ref circle",
      {
        ...one({ parameters: [{ $ref: "#/components/parameters/a" }] }),
        components: { parameters: { a: { $ref: "#/components/parameters/a" } } },
      },
      /circle/,
    ],
  ])("leaves out the operation with %s, with a note that says why", (_, spec, message) => {
    const withAnother = { ...spec, paths: { ...spec.paths, "/ok": { get: {} } } };
    const { operations, notes } = generateOperations(withAnother);
    expect(operations.map((op) => `${op.method} ${op.url}`)).toEqual(["GET /ok"]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(message);
    expect(notes[0]).toMatch(/^GET \/items\/\{id\}: .* It is left out\.$/);
  });

  it("reads a $ref through arrays (parameters/0, allOf/0), as JSON Pointer allows", () => {
    const spec = {
      ...one({ parameters: [{ $ref: "#/paths/~1b~1%7Bid%7D/get/parameters/0" }] }),
    };
    spec.paths = { ...spec.paths, "/b/{id}": { get: { parameters: [id] } } } as never;
    const { operations, notes } = generateOperations(spec);
    expect(notes).toEqual([]);
    expect(operations.map((op) => op.path)).toEqual([["id"], ["id"]]);
  });

  it("writes nothing from the description as code: names and text stay in strings and comments", () => {
    // Quotes, comment ends and every line terminator of JavaScript (U+2028 and U+2029 too).
    const evil =
      'x"; globalThis.pwned = 1; //\n*/ globalThis.pwned = 2; /*\u2028globalThis.pwned = 3;\u2029 4;';
    const spec = {
      openapi: "3.0.3",
      info: { title: evil, version: evil },
      servers: [{ url: `https://api.example/${evil}` }],
      paths: {
        "/a/{id}": {
          post: {
            servers: [{ url: `https://other.example/${encodeURIComponent(evil)}` }],
            parameters: [{ ...id, name: "id" }, param(evil, "query", { enum: [evil] })],
            requestBody: {
              content: {
                "application/json": { schema: { type: "object", properties: { [evil]: { enum: [evil] } } } },
              },
            },
          },
        },
      },
    };
    const { module, types, operations } = generateOperations(spec);
    expect(operations).toHaveLength(1);
    const run = new Function(
      "describeOperations",
      module.replace(/^import .*$/m, "").replaceAll("export ", ""),
    );
    run(() => ({}));
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    // The types hold exactly the seven declarations they should, whatever the names: the routes,
    // servers, baseUrl, operations, api and withCredentials.
    const source = ts.createSourceFile("api.d.ts", types, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    expect(source.statements.map((statement) => statement.kind)).toEqual([
      ts.SyntaxKind.ImportDeclaration,
      ts.SyntaxKind.InterfaceDeclaration,
      ts.SyntaxKind.VariableStatement,
      ts.SyntaxKind.VariableStatement,
      ts.SyntaxKind.VariableStatement,
      ts.SyntaxKind.VariableStatement,
      ts.SyntaxKind.FunctionDeclaration,
    ]);
    expect(types).toContain(JSON.stringify(evil));
  });

  it("leaves out, with a note, what the library would refuse, so the module always loads", () => {
    const spec = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/h": { get: { parameters: [param("bad name", "header", { type: "string" })] } },
        "/t/{": { get: {} },
        "https://evil.example/y": { get: {} },
        "//evil.example/y": { get: {} },
        "/ok": { get: {} },
      },
    };
    const { operations, notes } = generateOperations(spec);
    expect(operations.map((op) => op.url)).toEqual(["/ok"]);
    expect(notes).toHaveLength(4);
    for (const note of notes) expect(note).toMatch(/left out\.$/);
    expect(notes.filter((note) => note.includes("a path key must be a path"))).toHaveLength(2);
  });

  it("writes a path key's literal text that a URL cannot hold percent-encoded, in the route and the url", () => {
    const spec = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/a b/{id}": { get: { parameters: [id] } },
        "/c\u2028d/é": { get: {} },
        "/50%/x%41": { get: {} },
      },
    };
    const { operations, notes } = generateOperations(spec);
    expect(notes).toEqual([]);
    expect(operations.map((op) => op.url)).toEqual(["/a%20b/{id}", "/c%E2%80%A8d/%C3%A9", "/50%25/x%41"]);
  });

  it("reads only the description's own properties: a polluted Object.prototype changes nothing", () => {
    const spec = one({ parameters: [id, param("q", "query", { type: "string" })] });
    const clean = generateOperations(spec).module;
    for (const [key, value] of [
      ["allowReserved", true],
      ["style", "pipeDelimited"],
      ["servers", [{ url: "https://evil.example" }]],
      ["explode", false],
      ["in", "header"],
    ] as const) {
      Object.defineProperty(Object.prototype, key, { value, configurable: true, writable: true });
      try {
        expect(generateOperations(spec).module, key).toBe(clean);
      } finally {
        delete (Object.prototype as Record<string, unknown>)[key];
      }
    }
    // An inherited `get` beside a descriptor's `value` makes defineProperty throw, the test
    // runner's own included: the result is taken while polluted and compared after.
    let polluted: unknown;
    Object.defineProperty(Object.prototype, "get", {
      __proto__: null,
      value: () => 1,
      configurable: true,
    } as PropertyDescriptor);
    try {
      polluted = generateOperations(spec).module;
    } catch (error) {
      polluted = error;
    } finally {
      delete (Object.prototype as Record<string, unknown>).get;
    }
    expect(polluted).toBe(clean);
  });

  it("writes a schema that refers to itself many times in time and space in proportion to it", () => {
    const refs = (n: number) => Array.from({ length: n }, () => ({ $ref: "#/components/schemas/s" }));
    const spec = (n: number) => ({
      ...one(
        { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/s" } } } } },
        "/x",
        "post",
      ),
      components: {
        schemas: {
          s: {
            type: "object",
            properties: Object.fromEntries(refs(n).map((ref, i) => [`p${i}`, { oneOf: [ref, ...refs(n)] }])),
          },
        },
      },
    });
    // Time is measured as a ratio in test/promises/3-linear-time/linear-time.test.ts; here, the size of what is written.
    const { types } = generateOperations(spec(200));
    expect(types.length).toBeLessThan(200_000);
    expect(generateOperations(spec(20)).types).toContain("p19?:");
  });
});

// Hostile descriptions: the generator's output stays bounded and writes no code, one test a class.
describe("generateOperations against hostile descriptions: bounds and code", () => {
  it("bounds each route's types, even for a path item shared by many paths", () => {
    const big = {
      type: "object",
      properties: Object.fromEntries(
        Array.from({ length: 60 }, (_, i) => [`f${i}`, { enum: ["a", "b", "c"] }]),
      ),
    };
    const shared = {
      get: {
        parameters: Array.from({ length: 40 }, (_, i) =>
          param(`q${i}`, "query", { $ref: "#/components/schemas/big" }),
        ),
      },
    };
    const spec = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [`/p${i}`, { $ref: "#/components/pathItems/shared" }]),
      ),
      components: { schemas: { big }, pathItems: { shared } },
    };
    const { types, operations } = generateOperations(spec);
    expect(operations).toHaveLength(50);
    // A schema a $ref names is written once, and each route names it.
    for (const line of types.split("\n")) expect(line.length).toBeLessThan(40_000);
    expect(types).toContain('q39?: Schemas["big"] | undefined');
    expect(types.split("f59?:")).toHaveLength(2);
    // Written inline (as GitHub's map is), each route's parameters are typed `unknown` past
    // 32,000 characters, their names kept.
    const inline = generateOperations(spec, { inlineSchemas: true });
    for (const line of inline.types.split("\n")) expect(line.length).toBeLessThan(40_000);
    expect(inline.types).toContain("q39?: unknown");
  });

  it("keeps the short types of a route with many fields (DocuSign's 674 account settings)", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 700 }, (_, i) => [`accountSettingNumber${i}Enabled`, { type: "string" }]),
    );
    const { types } = generateOperations({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/settings": {
          put: {
            requestBody: { content: { "application/json": { schema: { type: "object", properties } } } },
          },
        },
      },
    });
    const line = types.split("\n").find((l) => l.includes('"PUT /settings"')) ?? "";
    expect(line.length).toBeGreaterThan(32_000);
    expect(line).toContain("accountSettingNumber0Enabled?: string | undefined;");
    expect(line).toContain("accountSettingNumber699Enabled?: string | undefined");
  });

  it("writes an intersection of more than one union as unknown (TypeScript gives up on their product)", () => {
    const union = { oneOf: [{ const: "a" }, { const: "b" }] };
    const { operations } = generateOperations(
      one({
        parameters: [
          id,
          param("x", "query", { allOf: [union, union] }),
          param("y", "query", {
            allOf: [union, { type: "object", properties: { z: { type: ["string", "null"] } } }],
          }),
        ],
      }),
    );
    expect(operations[0]?.query.map((p) => p.type)).toEqual([
      "unknown",
      '("a" | "b") & ({ z?: string | null })',
    ]);
  });

  it("leaves a parameter named __proto__ out, with a note", () => {
    const { operations, notes } = generateOperations(
      one({
        parameters: [
          id,
          param("__proto__", "header", { type: "string" }),
          param("q", "query", { type: "string" }),
        ],
      }),
    );
    expect(operations[0]?.header).toBeUndefined();
    expect(operations[0]?.template).toBeUndefined();
    expect(operations[0]?.query.map((p) => p.name)).toEqual(["q"]);
    expect(notes).toEqual([
      'GET /items/{id}: header parameter "__proto__" cannot be given in a call and is left out.',
    ]);
  });

  it("reads only its own settings", () => {
    const spec = one({ parameters: [id] }, "/items/{id}", "post");
    const clean = generateOperations(spec);
    for (const [key, value] of [
      ["importFrom", "data:text/javascript,globalThis.pwned=1"],
      ["queryInRoute", true],
      ["routesName", "X"],
    ] as const) {
      Object.defineProperty(Object.prototype, key, { value, configurable: true, writable: true });
      try {
        const generated = generateOperations(spec);
        expect(generated.module, key).toBe(clean.module);
        expect(generated.types, key).toBe(clean.types);
      } finally {
        delete (Object.prototype as Record<string, unknown>)[key];
      }
    }
  });

  it.each([
    ["a server that is null", { ...one({ parameters: [id] }), servers: [null] }, undefined],
    [
      "a title that is an object",
      { ...one({ parameters: [id] }), info: { title: { a: 1 }, version: 1 } },
      undefined,
    ],
  ])("%s: a plain Error that says what is wrong, or nothing", (_, spec, message) => {
    if (message === undefined) expect(() => generateOperations(spec)).not.toThrow();
    else expect(() => generateOperations(spec)).toThrow(message);
  });

  it.each([
    [
      "a cyclic openapi value",
      (() => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        return { openapi: cyclic };
      })(),
    ],
    ["a bigint openapi value", { openapi: 1n }],
  ])("%s: a plain Error, not the TypeError of the message's writer", (_, spec) => {
    const thrown = thrownBy(() => generateOperations(spec));
    expect(Object.getPrototypeOf(thrown)).toBe(Error.prototype);
  });

  it("a $ref with a malformed percent-escape leaves its operation out, with a note that says so", () => {
    const { operations, notes } = generateOperations(
      one({ parameters: [{ $ref: "#/components/%E0%A4%A" }] }),
    );
    expect(operations).toEqual([]);
    expect(notes[0]).toMatch(/malformed percent-escape/);
  });

  it.each(["string", "any", "never", "OperationTable", "operations", "a-b", ""])(
    "refuses routesName %j",
    (name) => {
      expect(() => generateOperations(one({ parameters: [id] }), { routesName: name })).toThrow(
        /routesName must be/,
      );
    },
  );
});

describe("public descriptions", () => {
  // A GET's body cannot be sent: the 3.1 YAML form describes one, which is left out with a note.
  const GET_BODY = [
    "GET /anything/form-data/deepObject: a GET request cannot carry the described body; it is left out.",
  ];
  // ShipEngine's PUT bodies are `type: object` with their fields in allOf parts, one of them
  // named like the path parameter: it can travel in a body given whole as data only.
  const SHIPENGINE = ["package_id", "shipment_id", "warehouse_id"].map(
    (name) =>
      `PUT /v1/${name.replace("_id", "s")}/{${name}}: body field "${name}" has the name of a parameter; it is sent only in a body given whole as data.`,
  );
  const DESCRIPTIONS: [string, string, number, string[]][] = [
    ["Scalar Galaxy (3.1, JSON)", "@scalar/galaxy/dist/3.1.json", 10, []],
    ["Scalar Galaxy (3.1, YAML)", "@scalar/galaxy/dist/3.1.yaml", 10, []],
    ["ShipEngine (3.0, YAML)", "shipengine-openapi/openapi.yaml", 76, SHIPENGINE],
    ["ShipEngine (3.0, JSON, dereferenced)", "shipengine-openapi/openapi.json", 76, SHIPENGINE],
    ["Dialogporten (3.0, JSON)", "@digdir/dialogporten-schema/swagger.verified.json", 44, []],
    ["parameters-style (3.0)", "@readme/oas-examples/3.0/json/parameters-style.json", 25, []],
    ["parameters-style (3.1, YAML)", "@readme/oas-examples/3.1/yaml/parameters-style.yaml", 25, GET_BODY],
  ];
  for (const [name, path, count, notes] of DESCRIPTIONS) {
    it(`${name}: every operation, each parameter where it is described`, () => {
      const spec = (path.endsWith(".yaml") ? readDescriptionText : readDescription)(read(path)) as object;
      const generated = generateOperations(spec);
      expect(generated.operations).toHaveLength(count);
      expect(generated.notes).toEqual(notes);
      const data = Object.fromEntries(
        generated.operations.map((op) => [`${op.method} ${op.url}`, operationData(op)]),
      );
      const api = endpoint.defaults({
        baseUrl: generated.baseUrl,
        headers: { accept: null },
        operations: describeOperations(data),
      });
      for (const op of generated.operations) {
        // One value per parameter, told apart by its name; each must land in its place.
        const call: Record<string, unknown> = {};
        for (const p of op.path)
          call[typeof p === "string" ? p : p.name] = `p-${typeof p === "string" ? p : p.name}`;
        const deep = (name: string) => op.params?.[name]?.startsWith("query deepObject") === true;
        for (const p of [...op.query, ...(op.header ?? []), ...(op.cookie ?? [])]) {
          call[p.name] = deep(p.name) ? { k: `v${p.name.length}` } : `v${p.name.length}`;
        }
        let options: ReturnType<typeof api>;
        try {
          options = api(`${op.method} ${op.url}`, call);
        } catch (error) {
          throw new Error(`${op.method} ${op.url}: ${(error as EndpointError).message}`);
        }
        expect(options.method).toBe(op.method.toLowerCase());
        // Relative when the description's server is (Dialogporten's is "/").
        const url = new URL(options.url, "https://relative.invalid");
        for (const p of op.path) {
          const key = typeof p === "string" ? p : p.name;
          expect(decodeURIComponent(url.pathname), `${op.url} ${key}`).toContain(`p-${key}`);
        }
        for (const p of op.query) {
          const sentName = op.params?.[p.name]?.split(" ")[2] ?? p.name;
          const key = deep(p.name) ? `${sentName}[k]` : sentName;
          expect(url.searchParams.get(key), `${op.url} ${p.name}`).toBe(`v${p.name.length}`);
        }
        for (const p of op.header ?? [])
          expect(options.headers[p.name.toLowerCase()]).toBe(`v${p.name.length}`);
        for (const p of op.cookie ?? [])
          expect(options.headers.cookie).toContain(`${p.name}=v${p.name.length}`);
        // No parameter was left over for a body: none (PUT and PATCH get an empty one), or, for
        // a body the description requires, an empty one of its kind.
        const body: unknown = options.body;
        if (op.bodyRequired === true && body !== undefined && body !== "") {
          const size =
            body instanceof URLSearchParams || body instanceof FormData
              ? [...body.keys()].length
              : Object.keys(body as object).length;
          expect(size, `${op.url}: the body of a required body`).toBe(0);
        } else {
          expect([undefined, ""]).toContain(body);
        }
      }
    });
  }

  it("the YAML and JSON forms of a description give the same module", () => {
    const fromJson = generateOperations(readDescription(read("@scalar/galaxy/dist/3.1.json")));
    const fromYaml = generateOperations(readDescriptionText(read("@scalar/galaxy/dist/3.1.yaml")));
    expect(fromYaml.module).toBe(fromJson.module);
    expect(fromYaml.types).toBe(fromJson.types);
  });

  it("test/fixtures/generated/galaxy is what the generator writes today", () => {
    const generated = generateOperations(readDescription(read("@scalar/galaxy/dist/3.1.json")), {
      routesName: "GalaxyRoutes",
    });
    const fixture = (name: string) =>
      readFileSync(new URL(`../fixtures/generated/${name}`, import.meta.url), "utf8");
    expect(fixture("galaxy.js") === generated.module).toBe(true);
    expect(fixture("galaxy.d.ts") === generated.types).toBe(true);
  });
});
