// Issue 37, item 4: a Swagger 2.0 description that names a target of another file more than
// once keeps every type. The bundler placed such a target at its first `$ref` (inside an
// operation) and pointed the others there; the upgrade to OpenAPI 3 then moved it (a
// response's schema into its content, a body parameter into the request body), so the other
// `$ref`s named nothing: a response typed `unknown` without a word, an operation left out.
// Now a schema is placed once in `definitions`, a parameter in `parameters` (both moved whole
// by the upgrade, `$ref`s included), and a body parameter copied to each place.
import { fileURLToPath } from "node:url";
import { loadDescription } from "rest-endpoint-openapi";
import { describe, expect, it } from "vitest";
import { generateOperations } from "../../src/generate/index.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/openapi/swagger2-shared/api.yaml", import.meta.url));

const description = (await loadDescription(FIXTURE)) as Record<string, Record<string, unknown>>;
const generated = generateOperations(description);

describe("Swagger 2.0 naming a target of another file twice", () => {
  const member = (name: string, key: string) =>
    generated.types
      .slice(generated.types.indexOf(`export interface ${name} {`))
      .split("\n")
      .find((line) => line.startsWith(`  ${JSON.stringify(key)}: `))
      ?.trim();

  it("writes every operation, with no note", () => {
    expect(generated.operations.map((op) => `${op.method} ${op.url}`)).toStrictEqual([
      "GET /pets",
      "POST /pets",
      "GET /pets/{id}",
      "PUT /pets/{id}",
    ]);
    expect(generated.notes).toStrictEqual([]);
  });

  it.each<[string, { table: string; key: string; want: string }]>([
    [
      "a list of the shared schema",
      { table: "Responses", key: "GET /pets", want: '{ "200": Schemas["PetList"] }' },
    ],
    [
      "the shared schema, first use",
      { table: "Responses", key: "POST /pets", want: '{ "201": Schemas["Pet"] }' },
    ],
    [
      "the shared schema, again",
      { table: "Responses", key: "GET /pets/{id}", want: '{ "200": Schemas["Pet"] }' },
    ],
    [
      "the shared schema, a third time",
      { table: "Responses", key: "PUT /pets/{id}", want: '{ "200": Schemas["Pet"] }' },
    ],
    [
      "the schema, once by its name",
      { table: "Schemas", key: "Pet", want: "{ name: string; age?: number }" },
    ],
    ["a schema naming it", { table: "Schemas", key: "PetList", want: 'Schemas["Pet"][]' }],
    [
      "the shared query parameter",
      { table: "Routes", key: "GET /pets", want: "{ limit?: number | undefined }" },
    ],
    [
      "the shared query parameter, again",
      {
        table: "Routes",
        key: "GET /pets/{id}",
        want: "{ id: string | number | bigint; limit?: number | undefined }",
      },
    ],
    [
      "the shared body parameter, again",
      {
        table: "Routes",
        key: "PUT /pets/{id}",
        want: "({ id: string | number | bigint; data: unknown } | { id: string | number | bigint; name: string; age?: number | undefined })",
      },
    ],
  ])("%s", (_title, { table, key, want }) => {
    expect(member(table, key)).toBe(`${JSON.stringify(key)}: ${want};`);
  });

  it("bundles each target once, by name, where the upgrade keeps it", () => {
    const components = description.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components.schemas ?? {}).sort()).toStrictEqual(["Pet", "PetList"]);
    expect(Object.keys(components.parameters ?? {})).toStrictEqual(["Limit"]);
    const text = JSON.stringify(description);
    // Every pointer names a component; none goes into an operation.
    expect(text).not.toContain('"$ref":"#/paths');
    expect(text.match(/"\$ref":"#\/components\/schemas\/Pet"/g)?.length).toBeGreaterThanOrEqual(4);
  });
});
