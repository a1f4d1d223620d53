// Every description channel through the built command line: descriptions that point at built-ins (generate and
// --operations), a redirect limit that quoted an --auth-env key, a body sent on to another
// origin, a terminal driven by --jq or a text body, and generate --out into a folder not made.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { listenOnLoopback } from "../helpers.js";
import { runBuilt } from "./run-executable.js";

const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-channel-"));
let api: Server;
let other: Server;
let apiOrigin = "";
let otherOrigin = "";
/** What the other origin received: method, target and body. */
const atOther: string[] = [];

beforeAll(async () => {
  api = createServer((request, response) => {
    const url = new URL(request.url ?? "/", apiOrigin);
    if (url.pathname === "/v1/loop") {
      // Each hop echoes the key it was sent under a name of the API's own (appid).
      const n = Number(url.searchParams.get("n") ?? "0") + 1;
      response.writeHead(302, { location: `/v1/loop?appid=${url.searchParams.get("appid")}&n=${n}` }).end();
    } else if (url.pathname === "/v1/away") {
      response.writeHead(307, { location: `${otherOrigin}/landed` }).end();
    } else if (url.pathname === "/v1/text") {
      response
        .writeHead(200, { "content-type": "text/plain" })
        .end("a\u001b]0;title\u0007b\u009b2J\u202e\r\ntwo\tcols\rover\n");
    } else {
      response.writeHead(200, { "content-type": "application/json" }).end("[]");
    }
  });
  other = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      atOther.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  apiOrigin = await listenOnLoopback(api);
  otherOrigin = await listenOnLoopback(other);
  writeFileSync(
    join(dir, "keys.json"),
    JSON.stringify({
      openapi: "3.1.0",
      servers: [{ url: `${apiOrigin}/v1` }],
      components: { securitySchemes: { key: { type: "apiKey", in: "query", name: "appid" } } },
      security: [{ key: [] }],
      paths: {
        "/loop": { get: {} },
        "/away": { post: { requestBody: { content: { "application/json": {} } } } },
      },
    }),
  );
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([api, other].map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("descriptions whose $refs point at built-ins", () => {
  it.each<[string, { given: Record<string, string>; want: RegExp }]>([
    [
      "YAML: other.yaml#/__proto__",
      {
        given: {
          "api.yaml": "openapi: 3.1.0\npaths:\n  /a: { $ref: 'other.yaml#/__proto__' }\n",
          "other.yaml": "a: 1\n",
        },
        want: /"__proto__", which is inherited/,
      },
    ],
    [
      "YAML: #/constructor/prototype",
      {
        given: { "api.yaml": "openapi: 3.1.0\npaths:\n  /a: { $ref: '#/constructor/prototype' }\n" },
        want: /"constructor", which is inherited/,
      },
    ],
  ])("generate refuses %s: exit 2, one line", async (_title, { given, want }) => {
    const folder = join(dir, `refs-${Object.keys(given).length}-${want.source.length}`);
    mkdirSync(folder, { recursive: true });
    for (const [name, text] of Object.entries(given)) writeFileSync(join(folder, name), text);
    for (const argv of [
      ["generate", join(folder, "api.yaml")],
      ["--operations", join(folder, "api.yaml"), "GET /a"],
    ]) {
      const result = await runBuilt(argv);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/^rest-endpoint: [^\n]*\n$/);
      expect(result.stderr).toMatch(want);
    }
  });

  it("JSON read by the generator itself: an operation whose $ref goes through constructor is left out, with a note", async () => {
    const file = join(dir, "proto.json");
    writeFileSync(
      file,
      JSON.stringify({
        openapi: "3.1.0",
        paths: { "/a": { get: { parameters: [{ $ref: "#/constructor/prototype" }] } } },
      }),
    );
    const generated = await runBuilt(["generate", file]);
    expect(generated.code).toBe(0);
    expect(generated.stderr).toContain('holds no \\"constructor\\" of its own there'.replaceAll("\\", ""));
    const described = await runBuilt(["--operations", file, "GET /a", "--base-url", "https://h.example"]);
    expect(described.stderr).toContain('holds no "constructor" of its own there');
  });
});

describe("every url printed is masked, error lines included", () => {
  it("the redirect-limit line masks the key --auth-env sent, echoed in a location", async () => {
    const result = await runBuilt(
      ["--operations", join(dir, "keys.json"), "GET /loop", "--auth-env", "key=KEY", "--send"],
      { env: { KEY: "k-secret-42" } },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^rest-endpoint: More than 10 redirects; the last to [^\n]*appid=\*\*\*\*&n=11\.\n$/,
    );
    expect(result.stderr).not.toContain("k-secret-42");
  });
});

describe("a body never goes to another origin", () => {
  it("a 307 to another origin after a POST with a body: not followed, exit 1, nothing sent there", async () => {
    atOther.length = 0;
    const result = await runBuilt(["POST /v1/away", "--base-url", apiOrigin, "client_secret=S3", "--send"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `rest-endpoint: The redirect (307) to ${otherOrigin} would send the request's body to another origin: not followed.\n`,
    );
    expect(atOther).toEqual([]);
  });

  it("a GET without a body is still followed there", async () => {
    atOther.length = 0;
    const result = await runBuilt(["GET /v1/away", "--base-url", apiOrigin, "--send"]);
    expect(result.code, result.stderr).toBe(0);
    expect(atOther).toEqual(["GET /landed "]);
  });
});

/** The command line as on a terminal, in this process; `jq` as `jq -r` runs a path filter. */
async function onTerminal(argv: string[]): Promise<string> {
  let out = "";
  const code = await runCli(argv, {
    stdout: (text) => {
      out += typeof text === "string" ? text : new TextDecoder().decode(text);
    },
    stderr: () => {},
    readStdin: () => new Uint8Array(),
    readFile: () => new Uint8Array(),
    isTerminal: true,
    // jq -r with a filter of keys (`.a.b`): a string printed raw, anything else as JSON.
    jq: async (json, filter) => {
      let value = JSON.parse(json);
      for (const key of filter.split(".").filter(Boolean)) value = value[key];
      return `${typeof value === "string" ? value : JSON.stringify(value)}\n`;
    },
  });
  expect(code).toBe(0);
  return out;
}

describe("on a terminal, every byte is escaped: --jq and text bodies too", () => {
  it("--jq -r output keeps its lines and tabs; ESC, C1, bidi controls and a lone CR are escapes", async () => {
    const server = createServer((_request, response) => {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ s: "x\u001b[2Jy\u009b31m\u202egnp.exe\u2066\nline two\tcol\rcover" }));
    });
    const origin = await listenOnLoopback(server);
    try {
      const out = await onTerminal([`${origin}/x`, "--jq", ".s"]);
      expect(out).toBe("x\\u001b[2Jy\\u009b31m\\u202egnp.exe\\u2066\nline two\tcol\\u000dcover\n");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a text body: the same escaping, its CRLF and tabs kept", async () => {
    const out = await onTerminal([`${apiOrigin}/v1/text`, "--send"]);
    expect(out).toBe("a\\u001b]0;title\\u0007b\\u009b2J\\u202e\r\ntwo\tcols\\u000dover\n");
  });
});

describe("generate --out into folders not made yet", () => {
  it("makes them, and writes the module and its types there", async () => {
    const description = join(dir, "small.json");
    writeFileSync(description, JSON.stringify({ openapi: "3.1.0", paths: { "/a": { get: {} } } }));
    const out = join(dir, "gen", "deeper", "api.js");
    const result = await runBuilt(["generate", description, "--out", out]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("describeOperations");
    expect(existsSync(join(dir, "gen", "deeper", "api.d.ts"))).toBe(true);
  });

  it("keeps its rules: a path through a file, or a name that is not .js or .ts, is exit 2", async () => {
    const description = join(dir, "small.json");
    writeFileSync(join(dir, "a-file"), "");
    const through = await runBuilt(["generate", description, "--out", join(dir, "a-file", "api.js")]);
    expect(through.code).toBe(2);
    expect(through.stderr).toMatch(/^rest-endpoint: Cannot write /);
    const named = await runBuilt(["generate", description, "--out", join(dir, "gen2", "api.txt")]);
    expect(named.code).toBe(2);
    expect(existsSync(join(dir, "gen2"))).toBe(false);
  });
});
