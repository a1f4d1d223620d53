// Issue 37, item 5: a form or multipart field whose Encoding Object names a JSON contentType is
// one JSON value, whatever its nesting (OpenAPI 3.0.3/3.1.1, Encoding Object): in a form the
// JSON text percent-encoded as the field's value, in multipart one part of that type. An
// explicit style, explode or allowReserved wins over the contentType (3.1.1).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFetchArgs } from "../../src/adapters/index.js";
import { generateOperations } from "../../src/generate/generate-operations.js";
import { EndpointError, endpoint } from "../../src/index.js";
import { describeOperations } from "../../src/operations/describe-operations.js";
import { thrownBy } from "../helpers.js";

const META = { plan: "pro", tags: ["a b", "c&d"], nested: [[1, 2], { deep: null }] };

const api = endpoint.defaults({
  baseUrl: "https://api.example",
  operations: describeOperations({
    "POST /form": {
      url: "/form",
      body: "application/x-www-form-urlencoded",
      params: { meta: "body application/json", vnd: "body application/vnd.x+json", plain: "body text/plain" },
    },
    "POST /multipart": {
      url: "/multipart",
      body: "multipart/form-data",
      params: { meta: "body application/json", photo: "body image/png" },
    },
  }),
} as never);

/** The parts of a multipart body as a server reads them. */
async function partsOf(body: unknown): Promise<[string, string, string][]> {
  const form = await (body instanceof Response ? body : new Response(body as FormData)).formData();
  const parts: [string, string, string][] = [];
  for (const [name, value] of form) {
    parts.push(typeof value === "string" ? [name, "", value] : [name, value.type, await value.text()]);
  }
  return parts;
}

describe("a form field with a JSON contentType", () => {
  it.each<[string, { given: Record<string, unknown>; want: string }]>([
    [
      "an object nested with lists of lists: one JSON value",
      { given: { meta: META }, want: `meta=${encodeURIComponent(JSON.stringify(META))}` },
    ],
    [
      "a list: one JSON array, not a field per item",
      { given: { meta: [1, "x"] }, want: "meta=%5B1%2C%22x%22%5D" },
    ],
    [
      "a string is JSON text the caller wrote: sent as it is, percent-encoded",
      { given: { meta: '{"a": 1}' }, want: "meta=%7B%22a%22%3A%201%7D" },
    ],
    ["a number", { given: { meta: 42 }, want: "meta=42" }],
    ["null is JSON's null", { given: { meta: null }, want: "meta=null" }],
    ["undefined is not given", { given: { meta: undefined, plain: "x" }, want: "plain=x" }],
    ["a +json type is JSON too", { given: { vnd: { a: 1 } }, want: "vnd=%7B%22a%22%3A1%7D" }],
    [
      "given whole as data",
      { given: { data: { meta: { a: 1 }, plain: "y" } }, want: "meta=%7B%22a%22%3A1%7D&plain=y" },
    ],
  ])("%s", (_title, { given, want }) => {
    const request = api("POST /form", given as never);
    expect(request.body).toBe(want);
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    // A server reads back exactly the value given.
    const sent = new URLSearchParams(want);
    for (const name of ["meta", "vnd"]) {
      const value = (given.data as Record<string, unknown> | undefined)?.[name] ?? given[name];
      const parsed = typeof value === "string" ? JSON.parse(value) : value;
      if (value !== undefined) expect(JSON.parse(sent.get(name) as string)).toStrictEqual(parsed);
    }
  });

  it.each<[string, unknown, string]>([
    ["NaN", { a: Number.NaN }, "invalid_parameter"],
    ["a function", { a: () => 1 }, "invalid_parameter"],
    [
      "a cycle",
      (() => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        return cyclic;
      })(),
      "invalid_parameter",
    ],
  ])("what JSON cannot carry is refused: %s", (_title, meta, code) => {
    const error = thrownBy(() => api("POST /form", { meta } as never));
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).code).toBe(code);
  });
});

describe("a multipart field with a JSON contentType", () => {
  it.each<[string, { given: Record<string, unknown>; want: [string, string, string][] }]>([
    [
      "an object nested with lists of lists: one part",
      { given: { meta: META }, want: [["meta", "application/json", JSON.stringify(META)]] },
    ],
    [
      "a list: one part holding the JSON array, not a part per item",
      { given: { meta: [[1], { a: 2 }] }, want: [["meta", "application/json", '[[1],{"a":2}]']] },
    ],
    [
      "a string is JSON text the caller wrote: sent as it is",
      { given: { meta: '{"a":1}' }, want: [["meta", "application/json", '{"a":1}']] },
    ],
    [
      "bytes are sent as they are: JSON written by the caller",
      {
        given: { meta: new TextEncoder().encode('{"a":1}') },
        want: [["meta", "application/json", '{"a":1}']],
      },
    ],
    [
      "a part of another type keeps its rules",
      { given: { photo: new Uint8Array([80]) }, want: [["photo", "image/png", "P"]] },
    ],
  ])("%s", async (_title, { given, want }) => {
    expect(await partsOf(api("POST /multipart", given as never).body)).toStrictEqual(want);
  });
});

describe("the generator carries the encoding into the table", () => {
  const form = (encoding: Record<string, unknown>, type = "application/x-www-form-urlencoded") =>
    generateOperations({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/f": {
          post: {
            requestBody: {
              content: {
                [type]: {
                  schema: {
                    type: "object",
                    properties: { meta: { type: "object" }, name: { type: "string" } },
                  },
                  encoding: { meta: encoding },
                },
              },
            },
          },
        },
      },
    }).operations[0]?.params;

  it.each<[string, { given: Record<string, unknown>; type?: string; want: unknown }]>([
    [
      "a JSON contentType",
      { given: { contentType: "application/json" }, want: { meta: "body application/json" } },
    ],
    [
      "the first of a list of types",
      { given: { contentType: "application/json, text/plain" }, want: { meta: "body application/json" } },
    ],
    [
      "a +json type",
      { given: { contentType: "application/ld+json" }, want: { meta: "body application/ld+json" } },
    ],
    [
      "an explicit style wins (3.1.1)",
      { given: { contentType: "application/json", style: "deepObject" }, want: { meta: "body deepObject" } },
    ],
    [
      "an explicit explode wins (3.1.1)",
      { given: { contentType: "application/json", explode: true }, want: { meta: "body form*" } },
    ],
    [
      "a type that is not JSON: the form's rules",
      { given: { contentType: "text/plain" }, want: { meta: "body form*" } },
    ],
    [
      "multipart: the part's type",
      {
        given: { contentType: "application/json" },
        type: "multipart/form-data",
        want: { meta: "body application/json" },
      },
    ],
  ])("%s", (_title, { given, type, want }) => {
    expect(form(given, type)).toStrictEqual(want);
  });
});

describe("a JSON-encoded form field and multipart part arrive as described (loopback)", () => {
  let server: Server;
  let origin = "";
  const received: { type: string; body: Buffer }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({ type: request.headers["content-type"] ?? "", body: Buffer.concat(chunks) });
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const local = () =>
    endpoint.defaults({
      baseUrl: origin,
      headers: { accept: null },
      operations: describeOperations({
        "POST /form": {
          url: "/form",
          body: "application/x-www-form-urlencoded",
          params: { meta: "body application/json" },
        },
        "POST /multipart": {
          url: "/multipart",
          body: "multipart/form-data",
          params: { meta: "body application/json" },
        },
      }),
    } as never);

  it("a form field: the server parses the field and reads the JSON value given", async () => {
    received.length = 0;
    await fetch(...toFetchArgs(local()("POST /form", { meta: META, name: "n" } as never)));
    const [got] = received;
    expect(got?.type).toBe("application/x-www-form-urlencoded");
    const fields = new URLSearchParams(got?.body.toString("utf8"));
    expect(JSON.parse(fields.get("meta") as string)).toStrictEqual(META);
    expect(fields.get("name")).toBe("n");
  });

  it("a multipart part: one part, labelled application/json, holding the value given", async () => {
    received.length = 0;
    await fetch(...toFetchArgs(local()("POST /multipart", { meta: META, name: "n" } as never)));
    const [got] = received;
    expect(got?.type).toMatch(/^multipart\/form-data; boundary=/);
    const parts = await partsOf(
      new Response(new Uint8Array(got?.body ?? []), { headers: { "content-type": got?.type ?? "" } }),
    );
    // Read again as a server would: the raw part says its type.
    const raw = got?.body.toString("utf8") ?? "";
    expect(raw).toMatch(/name="meta"[^\r]*\r\nContent-Type: application\/json\r\n\r\n/);
    expect(parts.find(([name]) => name === "meta")?.[2]).toBe(JSON.stringify(META));
    expect(JSON.parse(parts.find(([name]) => name === "meta")?.[2] as string)).toStrictEqual(META);
    expect(parts.find(([name]) => name === "name")).toStrictEqual(["name", "", "n"]);
  });
});
