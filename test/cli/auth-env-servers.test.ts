// --auth-env as an attacker's server sees it: the credential goes only under the description's
// server (its origin and base path), never with a next page or a redirect that leads out of
// it, on the same origin or another. The built executable against two loopback servers.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../helpers.js";
import { runBuilt } from "./run-executable.js";

interface Received {
  server: string;
  target: string;
  headers: IncomingHttpHeaders;
}

const received: Received[] = [];
let api: Server;
let other: Server;
let apiOrigin = "";
let otherOrigin = "";
let dir = "";

function start(name: string): Server {
  return createServer((request, response) => {
    const target = request.url ?? "";
    received.push({ server: name, target, headers: request.headers });
    const json = { "content-type": "application/json" };
    const path = target.split("?")[0];
    const page = Number(new URLSearchParams(target.split("?")[1] ?? "").get("page") ?? "1");
    // Each page of these lists links to its next page somewhere the credential must not go.
    const next: Record<string, string> = {
      "/v1/out-of-base": `${apiOrigin}/outside/list?page=2`,
      "/v1/dot-segments": `${apiOrigin}/v1/%2e%2e/outside?page=2`,
      "/v1/prefix": `${apiOrigin}/v10/list?page=2`,
      "/v1/other-origin": `${otherOrigin}/v1/list?page=2`,
      "/v1/within": `${apiOrigin}/v1/within?page=2`,
    };
    const redirect: Record<string, string> = {
      "/v1/redirect-out": "/outside/landed",
      "/v1/redirect-in": "/v1/landed",
      "/v1/redirect-other": `${otherOrigin}/v1/landed`,
      "/v1/redirect-back": "/outside/bounce",
      "/outside/bounce": `${apiOrigin}/v1/landed`,
    };
    if (path !== undefined && redirect[path] !== undefined) {
      response.writeHead(307, { location: redirect[path] }).end();
    } else if (path !== undefined && next[path] !== undefined && page === 1) {
      response.writeHead(200, { ...json, link: `<${next[path]}>; rel="next"` }).end("[1]");
    } else {
      response.writeHead(200, json).end("[2]");
    }
  });
}

beforeAll(async () => {
  api = start("api");
  other = start("other");
  apiOrigin = await listenOnLoopback(api);
  otherOrigin = await listenOnLoopback(other);
  dir = mkdtempSync(join(tmpdir(), "rest-endpoint-auth-env-"));
  const operation = { responses: { "200": { description: "ok" } } };
  writeFileSync(
    join(dir, "api.json"),
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "Keys", version: "1" },
      servers: [{ url: `${apiOrigin}/v1` }],
      components: {
        securitySchemes: {
          token: { type: "http", scheme: "bearer" },
          key: { type: "apiKey", in: "header", name: "X-Api-Key" },
          session: { type: "apiKey", in: "cookie", name: "sid" },
        },
      },
      security: [{ token: [], key: [], session: [] }],
      paths: Object.fromEntries(
        [
          "/out-of-base",
          "/dot-segments",
          "/prefix",
          "/other-origin",
          "/within",
          "/redirect-out",
          "/redirect-in",
          "/redirect-other",
          "/redirect-back",
        ].map((path) => [path, { get: operation }]),
      ),
    }),
  );
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([api, other].map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Runs GET `path` with the three credentials; what each server received, in order. */
async function send(path: string, ...flags: string[]): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await runBuilt(
    [
      "--operations",
      join(dir, "api.json"),
      `GET ${path}`,
      "--auth-env",
      "token=TOKEN",
      "--auth-env",
      "key=KEY",
      "--auth-env",
      "session=SID",
      ...flags,
    ],
    { env: { TOKEN: "t-secret", KEY: "k-secret", SID: "s-secret" } },
  );
  return { code, stderr };
}

/** Whether a request carried any of the three credentials. */
function credentialed(request: Received): boolean {
  return JSON.stringify(request.headers).includes("-secret");
}

async function requests(path: string, ...flags: string[]): Promise<[string, boolean][]> {
  const before = received.length;
  const result = await send(path, ...flags);
  expect(result.stderr).not.toContain("-secret");
  return received
    .slice(before)
    .map((request) => [`${request.server} ${request.target}`, credentialed(request)] as [string, boolean]);
}

describe("--auth-env: the credential goes only under the description's server", () => {
  it("is sent there, on the first request, each next page and each redirect that stay under it", async () => {
    expect(await requests("/within", "--paginate")).toStrictEqual([
      ["api /v1/within", true],
      ["api /v1/within?page=2", true],
    ]);
    expect(await requests("/redirect-in")).toStrictEqual([
      ["api /v1/redirect-in", true],
      ["api /v1/landed", true],
    ]);
    const first = received.at(-2) as Received;
    expect(first.headers.authorization).toBe("Bearer t-secret");
    expect(first.headers["x-api-key"]).toBe("k-secret");
    expect(first.headers.cookie).toBe("sid=s-secret");
  });

  it("a next page on the same origin outside the server's base path gets none", async () => {
    expect(await requests("/out-of-base", "--paginate")).toStrictEqual([
      ["api /v1/out-of-base", true],
      ["api /outside/list?page=2", false],
    ]);
    expect(await requests("/dot-segments", "--paginate")).toStrictEqual([
      ["api /v1/dot-segments", true],
      ["api /outside?page=2", false],
    ]);
    // /v10 is not under /v1.
    expect(await requests("/prefix", "--paginate")).toStrictEqual([
      ["api /v1/prefix", true],
      ["api /v10/list?page=2", false],
    ]);
  });

  it("a next page on another origin is not followed", async () => {
    expect(await requests("/other-origin", "--paginate")).toStrictEqual([["api /v1/other-origin", true]]);
  });

  it("a redirect out of the base path, or to another origin, gets none, for the rest of the way", async () => {
    expect(await requests("/redirect-out")).toStrictEqual([
      ["api /v1/redirect-out", true],
      ["api /outside/landed", false],
    ]);
    expect(await requests("/redirect-other")).toStrictEqual([
      ["api /v1/redirect-other", true],
      ["other /v1/landed", false],
    ]);
    expect(await requests("/redirect-back")).toStrictEqual([
      ["api /v1/redirect-back", true],
      ["api /outside/bounce", false],
      ["api /v1/landed", false],
    ]);
  });

  it("--verbose shows none of them", async () => {
    const result = await send("/redirect-in", "--verbose");
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("> authorization: Bearer ****\n");
    expect(result.stderr).not.toContain("-secret");
  });
});
