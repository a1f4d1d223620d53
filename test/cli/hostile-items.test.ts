// Items and descriptions as an attacker writes them, against the built executable and a
// loopback server: a value is sent as typed or refused, a credential is never printed, and a
// deep schema or value ends in one line, not a stack trace.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../helpers.js";
import { type ExecutableResult, runBuilt } from "./run-executable.js";

/** The built command line, run in this process with `env` as its environment. */
const cli = (argv: string[], env: Record<string, string> = {}): Promise<ExecutableResult> =>
  runBuilt(argv, { env });

const KEY = "s3cr3t-api-key-0123";

const received: { target: string; body: string }[] = [];
let server: Server;
let origin = "";
let dir = "";

/** A description of one operation, with `extra` merged into its root. */
function describe3(server: string, operation: object, extra: object = {}): string {
  const path = join(dir, `d${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      servers: [{ url: server }],
      paths: { "/x": operation },
      ...extra,
    }),
  );
  return path;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rest-endpoint-hostile-items-"));
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ target: request.url ?? "", body });
      response.writeHead(200, { "content-type": "application/json" }).end("[]");
    });
  });
  origin = await listenOnLoopback(server);
});

afterAll(async () => {
  rmSync(dir, { recursive: true });
  await new Promise((resolve) => server.close(resolve));
});

function expectOneLine(result: { code: number; stderr: string }, code: number, message: RegExp): void {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stderr).toMatch(/^rest-endpoint: [^\n]*\n$/);
  expect(result.stderr).toMatch(message);
}

const OK = { responses: { 200: { description: "ok" } } };

describe("--operations: a deep schema or value, or a broken $ref, is one line or no check", () => {
  it("a parameter schema nested 1,500 deep: checked as far as it is read, the request printed", async () => {
    const n = 1500;
    const schema = JSON.parse(`${'{"type":"array","items":'.repeat(n)}{"type":"string"}${"}".repeat(n)}`);
    const file = describe3("http://127.0.0.1:9/api", {
      post: { parameters: [{ name: "q", in: "query", schema }], ...OK },
    });
    const result = await cli(["POST", "/x", "q=1", "--operations", file]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).url).toBe("http://127.0.0.1:9/api/x?q=1");
  });

  it("a $ref that is no percent-encoding (#/components/schemas/%zz): the operation is left out, and a call to it is refused in one line", async () => {
    const file = describe3(
      "http://127.0.0.1:9/api",
      {
        post: {
          parameters: [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/%zz" } }],
          ...OK,
        },
      },
      { components: { schemas: { "%zz": { type: "integer" } } } },
    );
    // Sent as a plain route, q would be a body field: the description says it is a query parameter.
    const result = await cli(["POST", "/x", "q=1", "--operations", file]);
    expect(result.stdout).toBe("");
    expectOneLine(
      result,
      2,
      /^rest-endpoint: POST \/x: \$ref "#\/components\/schemas\/%zz" holds a malformed percent-escape\. It is left out\. Without --operations, it is sent as a plain route\.\n$/,
    );
  });

  it("a parameter left out of an operation that is kept: a note on standard error, the rest sent as described", async () => {
    const file = describe3("http://127.0.0.1:9/api", {
      get: {
        parameters: [
          { name: "__proto__", in: "query", schema: { type: "string" } },
          { name: "q", in: "query", schema: { type: "string" } },
        ],
        ...OK,
      },
    });
    const result = await cli(["GET", "/x", "q==1", "--operations", file]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(
      'rest-endpoint: note: GET /x: query parameter "__proto__" cannot be given in a call and is left out.\n',
    );
    expect(JSON.parse(result.stdout).url).toBe("http://127.0.0.1:9/api/x?q=1");
  });

  it("a value nested 10,000 deep where a number is described: one line, exit 2", async () => {
    const file = describe3("http://127.0.0.1:9/api", {
      post: {
        requestBody: {
          content: {
            "application/json": { schema: { type: "object", properties: { amount: { type: "number" } } } },
          },
        },
        ...OK,
      },
    });
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expectOneLine(
      await cli(["POST", "/x", `amount:=${deep}`, "--operations", file]),
      2,
      /amount:=… \(nested too deep to show\): the description says amount is a number/,
    );
  });
});

describe("credentials are never printed", () => {
  const security = (server: string): string =>
    describe3(
      server,
      { get: OK },
      {
        components: { securitySchemes: { k: { type: "apiKey", in: "query", name: "appid" } } },
        security: [{ k: [] }],
      },
    );

  it("an apiKey in the query (appid): masked by --verbose, sent as it is", async () => {
    const result = await cli(
      ["GET", "/x", "--operations", security(`${origin}/data`), "--auth-env", "k=KEY", "--verbose"],
      {
        KEY,
      },
    );
    expect(result.code).toBe(0);
    expect(received.at(-1)?.target).toBe(`/data/x?appid=${KEY}`);
    expect(result.stderr).toContain("> GET /data/x?appid=**** HTTP/1.1");
    expect(result.stderr).not.toContain(KEY);
  });

  it("an apiKey in the query of a relative server: the error line masks it", async () => {
    const result = await cli(["GET", "/x", "--operations", security("/data"), "--auth-env", "k=KEY"], {
      KEY,
    });
    expectOneLine(result, 2, /absolute url/);
    expect(result.stderr).toContain("appid=****");
    expect(result.stderr).not.toContain(KEY);
  });

  it("a url's user:password@ is masked in the refusal", async () => {
    const result = await cli(["GET", "http://alice:pw-S3CRET@127.0.0.1:9/x", "--send"]);
    expectOneLine(result, 2, /user:password@/);
    expect(result.stderr).not.toContain("pw-S3CRET");
    expect(result.stderr).toContain("http://****@127.0.0.1:9/x");
  });
});

describe("values are sent as typed, or refused", () => {
  it("a := number that a JSON number would change is refused (exit 2, nothing sent), naming the quotes", async () => {
    for (const item of [
      "id:=9007199254740993",
      "big:=123456789012345678901234567890",
      "n:=[1, 0.30000000000000001e1]",
    ]) {
      const before = received.length;
      const result = await cli(["POST", `${origin}/x`, item, "--send"]);
      expectOneLine(result, 2, /quote it/);
      expect(received.length).toBe(before);
    }
  });

  it("a := number written otherwise but of the same value is sent (1.10, 1e2, -0.5E-3, 9007199254740992)", async () => {
    const result = await cli([
      "POST",
      `${origin}/x`,
      "a:=1.10",
      "b:=1e2",
      "c:=-0.5E-3",
      "d:=9007199254740992",
      "--send",
    ]);
    expect(result.stderr).toBe("");
    expect(JSON.parse(received.at(-1)?.body ?? "")).toStrictEqual({
      a: 1.1,
      b: 100,
      c: -0.0005,
      d: 9007199254740992,
    });
  });

  it("with --operations, a field typed [integer, number] refuses what a JSON number would change", async () => {
    const file = describe3(origin, {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { ref: { type: ["integer", "number"] }, amount: { type: "number" } },
              },
            },
          },
        },
        ...OK,
      },
    });
    for (const item of ["ref=9007199254740993", "amount=12345678901234567891"]) {
      const before = received.length;
      expectOneLine(await cli(["POST", "/x", item, "--operations", file, "--send"]), 2, /quote it|exactly/);
      expect(received.length).toBe(before);
    }
    const sent = await cli(["POST", "/x", "amount=1.50", "--operations", file, "--send"]);
    expect(sent.stderr).toBe("");
    expect(JSON.parse(received.at(-1)?.body ?? "")).toStrictEqual({ amount: 1.5 });
  });

  it("--data given twice (or with --input) is refused, not the first one dropped", async () => {
    for (const flags of [
      ["--data", "title=a", "--data", "body=b"],
      ["--data", "a", "--input", "-"],
    ]) {
      expectOneLine(await cli(["POST", "/x", ...flags]), 2, /one body/);
    }
  });
});
