// End to end: a module written by the generator (plain JavaScript, no types to catch a typo),
// whose description has an operation with a server of its own (a file upload on another host,
// as Stripe's on files.stripe.com), moved by one call to two loopback servers this test starts,
// and sent by the runtime's fetch. A misspelt route and an unmapped host are refused before
// anything is sent.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFetchArgs } from "../../dist/adapters.js";
import { generateOperations } from "../../dist/generate.js";
import { EndpointError, endpoint } from "../../dist/index.js";
import { moveServers } from "../../dist/operations.js";

const API = "https://api.shop.example/v1";
const FILES = "https://files.shop.example/v1";
const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } };
const DESCRIPTION = {
  openapi: "3.1.0",
  info: { title: "Shop", version: "1" },
  servers: [{ url: API }],
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  security: [{ bearer: [] }],
  paths: {
    "/customers": {
      get: {
        parameters: [
          { name: "expand", in: "query", schema: { type: "array", items: { type: "string" } } },
          { name: "limit", in: "query", schema: { type: "integer" } },
        ],
        responses: ok,
      },
      post: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                properties: {
                  email: { type: "string" },
                  metadata: { type: "object", additionalProperties: { type: "string" } },
                },
              },
              encoding: { metadata: { style: "deepObject", explode: true } },
            },
          },
        },
        responses: ok,
      },
    },
    "/files": {
      post: {
        servers: [{ url: FILES }],
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: { purpose: { type: "string" }, file: { type: "string", format: "binary" } },
              },
            },
          },
        },
        responses: ok,
      },
    },
  },
};

interface Received {
  readonly server: "api" | "files";
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-moved-"));
const servers: Server[] = [];
const origins = { api: "", files: "" };
let received: Received[] = [];
// biome-ignore lint/suspicious/noExplicitAny: a plain JavaScript module, imported untyped as an application would use it
let shop: any;
let source = "";

beforeAll(async () => {
  for (const name of ["api", "files"] as const) {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({
          server: name,
          method: request.method ?? "",
          url: request.url ?? "",
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        response.setHeader("content-type", "application/json");
        response.end("{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    origins[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const operationsModule = pathToFileURL(new URL("../../dist/operations.js", import.meta.url).pathname).href;
  const generated = generateOperations(DESCRIPTION, { importFrom: operationsModule });
  const file = join(scratch, "shop.mjs");
  source = generated.module;
  writeFileSync(file, source);
  shop = await import(pathToFileURL(file).href);
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

/** Sends request options with fetch; what the servers received. */
async function send(options: Parameters<typeof toFetchArgs>[0]): Promise<Received[]> {
  received = [];
  const response = await fetch(...toFetchArgs(options));
  await response.text();
  return received;
}

function refusal(run: () => unknown): EndpointError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return error as EndpointError;
  }
  throw new Error("not refused");
}

describe("a generated module moved by one call", () => {
  it("describes the upload on its own server, and writes the API's servers into its table", () => {
    expect(shop.baseUrl).toBe(API);
    expect(source).toContain(`"POST ${FILES}/files": `);
    expect(source).toContain(`"servers":["${API}","${FILES}"]`);
  });

  it("sends every operation to the mapped loopback servers, the upload on its own server too, with the credentials", async () => {
    const builder = endpoint.defaults(
      moveServers(shop.withCredentials({ bearer: "tok_test" }), {
        [API]: `${origins.api}/v1`,
        "https://files.shop.example": origins.files,
      }),
    );
    let got = await send(builder("GET /customers", { expand: ["a", "b"], limit: 2 }));
    expect(got).toMatchObject([
      { server: "api", method: "GET", url: "/v1/customers?expand=a&expand=b&limit=2" },
    ]);
    expect(got[0]?.headers.authorization).toBe("Bearer tok_test");

    got = await send(builder("POST /customers", { email: "a@b.example", metadata: { plan: "pro" } }));
    expect(got).toMatchObject([{ server: "api", method: "POST", url: "/v1/customers" }]);
    expect(got[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(got[0]?.body).toBe("email=a%40b.example&metadata%5Bplan%5D=pro");

    got = await send(
      builder(`POST ${FILES}/files`, { purpose: "avatar", file: new Blob(["hi"], { type: "text/plain" }) }),
    );
    expect(got).toMatchObject([{ server: "files", method: "POST", url: "/v1/files" }]);
    expect(got[0]?.headers.authorization).toBe("Bearer tok_test");
    expect(got[0]?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(got[0]?.body).toContain('name="purpose"\r\n\r\navatar');
    expect(got[0]?.body).toContain("hi");
  });

  it("refuses a misspelt route in plain JavaScript, naming the route meant, and sends nothing", () => {
    const builder = endpoint.defaults(
      moveServers(shop.api, { [API]: `${origins.api}/v1`, "https://files.shop.example": origins.files }),
    );
    const error = refusal(() => builder("POST /customer", { email: "a@b.example" }));
    expect(error.code).toBe("invalid_route");
    expect(error.message).toContain('Did you mean "POST /customers"');
    expect(refusal(() => builder("POST /files", {})).message).toContain(`Did you mean "POST ${FILES}/files"`);
  });

  it("a builder moved by hand, or by a map that leaves the files server out, refuses the upload, naming its host", () => {
    for (const builder of [
      endpoint.defaults({ ...shop.api, baseUrl: `${origins.api}/v1` }),
      endpoint.defaults(moveServers(shop.api, { [API]: `${origins.api}/v1` })),
    ]) {
      expect(builder("GET /customers").url).toBe(`${origins.api}/v1/customers`);
      const error = refusal(() => builder(`POST ${FILES}/files`, { purpose: "avatar" }));
      expect(error.code).toBe("invalid_base_url");
      expect(error.message).toContain('goes to "https://files.shop.example"');
      expect(error.message).toContain('moveServers(api, { "https://files.shop.example": ');
    }
  });
});
