// --send, run as a user runs it: the real binary against loopback servers this test starts.
// Two servers on two ports are two origins, so credentials can be followed across a redirect.
import { execFile } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";

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

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  api = start("api");
  other = start("other");
  apiOrigin = await listen(api);
  otherOrigin = await listen(other);
});

afterAll(async () => {
  await Promise.all([api, other].map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The real executable, with an environment of its own. */
function cli(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...argv],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stdout, stderr });
      },
    );
  });
}

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
      stdout: JSON.stringify({ server: "api", path: "/repos/o/r/issues" }),
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
    expect(body).toBe(JSON.stringify({ server: "api", path: "/x" }));
  });

  it("a status of 400 or more prints the body and exits 1, as gh api does", async () => {
    const result = await cli(["GET /missing", "--base-url", apiOrigin, "--send"]);
    expect(result).toStrictEqual({ code: 1, stdout: '{"message":"Not Found"}', stderr: "" });
  });

  it("a request that cannot be made is one line on stderr, exit 1", async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    const origin = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const result = await cli(["GET /x", "--base-url", origin, "--send"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`rest-endpoint: The request to ${origin} failed: ECONNREFUSED.\n`);
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
      expect(result.stdout).toBe(JSON.stringify({ server: "other", path: "/landed" }));
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

describe("a polluted Object.prototype in the CLI's own process (a ninth attack)", () => {
  // Data put on Object.prototype before the CLI runs, as a vulnerable module loaded first would.
  const polluted = (fields: Record<string, unknown>): Record<string, string> => ({
    NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(
      Object.entries(fields)
        .map(([name, value]) => `Object.prototype[${JSON.stringify(name)}] = ${JSON.stringify(value)};`)
        .join(""),
    )}`,
  });

  it("Object.prototype.data labels no body: a GET stays without content-type", async () => {
    const printed = await cli(
      ["GET /user", "--base-url", apiOrigin, "--format", "curl"],
      polluted({ data: "x" }),
    );
    expect(printed.code).toBe(0);
    expect(printed.stdout).not.toContain("content-type");
    await cli(["GET /user", "--base-url", apiOrigin, "--send"], polluted({ data: "x" }));
    expect(last()).toMatchObject({ method: "GET", target: "/user", body: "" });
    expect(last().headers["content-type"]).toBeUndefined();
  });

  it("Object.prototype.body does not follow a 303 into the GET", async () => {
    const before = seen.length;
    await cli(["POST /see-other", "a=1", "--base-url", apiOrigin, "--send"], polluted({ body: "EVIL" }));
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
