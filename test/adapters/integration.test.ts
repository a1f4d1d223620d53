// Proof against real HTTP clients: a server on 127.0.0.1 records each request it receives;
// the options go out through Node's fetch (toFetchArgs) and through the real curl (toCurl,
// run by a POSIX shell). The server must see exactly the method, target, headers and body the
// options describe, for a sample of the GitHub workload and for hand-picked hard cases.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCurl, toFetchArgs } from "../../src/adapters/index.js";
import { serializeBody } from "../../src/bodies/serialize-body.js";
import { type Endpoint, type EndpointOptions, endpoint, type RequestOptions } from "../../src/index.js";

interface Operation {
  id: string;
  method: string;
  url: string;
  example: EndpointOptions;
}
interface Received {
  method: string;
  target: string;
  headers: [string, string][];
  body: Buffer;
}

/** Headers a client adds for the transport itself; every other header must come from the options. */
const TRANSPORT = new Set([
  "host",
  "connection",
  "content-length",
  "accept-encoding",
  "accept-language",
  "sec-fetch-mode",
  "expect",
]);

const received: Received[] = [];
let server: Server;
let origin = "";
let api: Endpoint;

beforeAll(async () => {
  // Room for huge request targets: the limit under test is the library's, not the server's.
  server = createServer({ maxHeaderSize: 1 << 20 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers: [string, string][] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        headers.push([(request.rawHeaders[i] as string).toLowerCase(), request.rawHeaders[i + 1] as string]);
      }
      received.push({
        method: request.method ?? "",
        target: request.url ?? "",
        headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = endpoint.defaults({ baseUrl: origin });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const sh = promisify(execFile);

/** What Node's fetch sends when the options carry no such header: the client's own defaults. */
const FETCH_DEFAULTS = { accept: "*/*", "user-agent": "node" };

async function viaFetch(options: RequestOptions): Promise<Received> {
  const [url, init] = toFetchArgs(options);
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return received.at(-1) as Received;
}

async function viaCurl(options: RequestOptions): Promise<Received> {
  await sh("sh", ["-c", `${toCurl(options)} --silent --show-error --output /dev/null`]);
  return received.at(-1) as Received;
}

function expectExactly(
  seen: Received,
  options: RequestOptions,
  clientDefaults: Record<string, string> = {},
): void {
  const method = options.method.toUpperCase();
  expect(seen.method).toBe(method);
  const withoutOrigin = options.url.slice(origin.length);
  const hash = withoutOrigin.indexOf("#");
  expect(seen.target).toBe(hash === -1 ? withoutOrigin : withoutOrigin.slice(0, hash));

  const body =
    options.body === undefined || method === "GET" || method === "HEAD" ? "" : serializeBody(options.body);
  const bytes = typeof body === "string" ? Buffer.from(body) : Buffer.from(body as Uint8Array);
  expect(seen.body.equals(bytes), `body ${seen.body.toString("hex")} vs ${bytes.toString("hex")}`).toBe(true);

  const own = seen.headers.filter(([name]) => !TRANSPORT.has(name));
  const expected = { ...clientDefaults, ...options.headers };
  expect(Object.fromEntries(own)).toStrictEqual(expected);
  expect(own).toHaveLength(Object.keys(expected).length);
  const length = seen.headers.find(([name]) => name === "content-length")?.[1];
  if (length !== undefined) expect(Number(length)).toBe(bytes.byteLength);
}

const workload = (
  JSON.parse(readFileSync(new URL("../../data/github-routes.json", import.meta.url), "utf8")) as {
    operations: Operation[];
  }
).operations;
// Every 8th operation: 153 of the 1,223, spread over the whole API.
const SAMPLE = workload.filter((_operation, index) => index % 8 === 0);

const HARD_CASES: [string, string, EndpointOptions][] = [
  [
    "unicode in path, query and body",
    "POST /repos/{owner}/{repo}/issues{?lang}",
    { owner: "ünï", repo: "𝄞 music", lang: "日本語", title: "✓ ü 😀", labels: ["é"] },
  ],
  [
    "reserved characters",
    "GET /search/{+path}",
    { path: "a/b;c=d,e@f!$'()*+", q: "x:y/z?&=#[]", sort: "a b" },
  ],
  [
    "arrays and nulls in the query",
    "GET /x",
    { list: ["a", "b c", null], none: null, empty: [], flag: true, n: 0 },
  ],
  ["nulls kept in a JSON body", "PATCH /x/{id}", { id: 1, milestone: null, assignees: [] }],
  [
    "a data string",
    "POST /markdown/raw",
    {
      data: "# Title\n\n'quotes' \"double\" $HOME `tick` \\ back",
      headers: { "content-type": "text/plain" },
    },
  ],
  [
    "data bytes, including NUL and 0xFF",
    "POST /upload{?name}",
    {
      name: "b.bin",
      data: new Uint8Array([0, 1, 2, 37, 39, 92, 10, 13, 255, 128]),
      headers: { "content-type": "application/octet-stream" },
    },
  ],
  ["a data string with a NUL", "POST /raw", { data: "a\u0000b", headers: { "content-type": "text/plain" } }],
  ["PUT with an empty body", "PUT /user/following/{username}", { username: "octocat" }],
  ["PATCH with an empty body", "PATCH /x", {}],
  ["DELETE with a body", "DELETE /x/{id}", { id: 2, reason: "spam" }],
  ["HEAD", "HEAD /x", { a: 1 }],
  [
    "headers with shell and HTTP specials",
    "GET /x",
    { headers: { "x-q": `it's "$x" \`y\` ;|&`, "x-empty": "", authorization: "token abc" } },
  ],
  ["no accept and no user-agent", "GET /x", { headers: { accept: null, "user-agent": null } }],
  ["a fragment in the route", "GET /x#top", { a: 1 }],
  ["a huge query value", "GET /x", { q: "x".repeat(20_000) }],
  ["a large JSON body", "POST /x", { items: Array.from({ length: 500 }, (_, i) => ({ i, s: `item ${i}` })) }],
];

describe("real clients see exactly the request options", () => {
  it("samples at least 100 operations of the GitHub workload", () => {
    expect(SAMPLE.length).toBeGreaterThanOrEqual(100);
  });

  it.each(SAMPLE.map((operation) => [operation.id, operation] as const))("%s", async (_id, operation) => {
    const url = operation.url.replace("https://uploads.github.com", origin);
    const options = api(`${operation.method} ${url}`, operation.example);
    expectExactly(await viaFetch(options), options, FETCH_DEFAULTS);
    expectExactly(await viaCurl(options), options);
  });

  it.each(HARD_CASES)("%s", async (_name, route, example) => {
    const options = api(route, example);
    if (Object.values(options.headers).every((value) => /^[\0-\xff]*$/.test(value))) {
      expectExactly(await viaFetch(options), options, FETCH_DEFAULTS);
    }
    expectExactly(await viaCurl(options), options);
  });
});

describe("the curl command as a user runs it", () => {
  it("reads no .curlrc (-q): a config file cannot add a header or write a file", async () => {
    const home = mkdtempSync(join(tmpdir(), "rest-endpoint-home-"));
    try {
      writeFileSync(
        join(home, ".curlrc"),
        `header = "x-from-curlrc: 1"\noutput = "${join(home, "written")}"\n`,
      );
      const options = api("POST /x", { a: 1 });
      await sh("sh", ["-c", toCurl(options)], { env: { ...process.env, HOME: home, CURL_HOME: home } });
      expectExactly(received.at(-1) as Received, options);
      expect(readdirSync(home)).toStrictEqual([".curlrc"]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("prints no progress meter when its output goes to a pipe (-sS), and still reports errors", async () => {
    const ok = await sh("sh", ["-c", toCurl(api("GET /x", { a: 1 }))]);
    expect(ok.stderr).toBe("");
    // A closed port: curl fails, and -S keeps its one-line error.
    const closed = endpoint("GET /x", { baseUrl: "http://127.0.0.1:9" });
    const failed = await sh("sh", ["-c", toCurl(closed)]).catch((error: { stderr: string }) => error);
    expect(failed.stderr).toMatch(/^curl: \(7\)/);
    expect(failed.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});
