// What a hostile server answers, against the built executable: a body nested 20,000 deep, a
// small gzip body that expands past what the command line holds, text that would drive a
// terminal, and numbers a float would change. Each ends in output as received or one line.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { listenOnLoopback } from "../helpers.js";
import { type ExecutableResult, runBuilt } from "./run-executable.js";

/** The built command line, run in this process with `env` as its environment. */
const cli = (argv: string[], env: Record<string, string> = {}): Promise<ExecutableResult> =>
  runBuilt(argv, { env });

const DEPTH = 20_000;
const DEEP = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;
/** Escapes a terminal would obey once they are raw characters: C1 CSI, NEL, DEL, a bidi override. */
const HOSTILE = '{"title":"ok\\u009b2J\\u009b31mFAKE\\u0085 \\u007f \\u202e","raw":"a\u009bb\u007fc\u2066d"}';
const NUMBERS = '[{"id":9007199254740993,"price":1.10,"e":1e2}]';
/** 300 MiB of zeros, about 300 KiB gzipped: past the 256 MiB the command line holds. */
let bomb: Buffer = Buffer.alloc(0);

let server: Server;
let origin = "";

beforeAll(async () => {
  bomb = gzipSync(Buffer.alloc(300 * 1024 * 1024), { level: 1 });
  server = createServer((request, response) => {
    const json = { "content-type": "application/json" };
    const path = request.url ?? "";
    if (path === "/deep") response.writeHead(200, json).end(DEEP);
    else if (path === "/hostile") response.writeHead(200, json).end(HOSTILE);
    else if (path === "/numbers") response.writeHead(200, json).end(NUMBERS);
    else if (path === "/bomb") response.writeHead(200, { ...json, "content-encoding": "gzip" }).end(bomb);
    else response.writeHead(404, json).end("{}");
  });
  origin = await listenOnLoopback(server);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The command line as on a terminal (standard output a TTY), with the runtime's fetch. */
async function onTerminal(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, {
    stdout: (text) => {
      out += typeof text === "string" ? text : new TextDecoder().decode(text);
    },
    stderr: (text) => {
      err += text;
    },
    readStdin: () => new Uint8Array(),
    readFile: () => new Uint8Array(),
    isTerminal: true,
  });
  return { code, out, err };
}

function expectOneLine(result: { code: number; stderr: string }, code: number, message: RegExp): void {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stderr).toMatch(/^rest-endpoint: [^\n]*\n$/);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe("a body nested 20,000 deep is printed, not a stack trace", () => {
  it("--paginate and --paginate --slurp print it as received", async () => {
    for (const flags of [["--paginate"], ["--paginate", "--slurp"]]) {
      const result = await cli([`${origin}/deep`, ...flags]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      // --slurp wraps the pages in one list more.
      expect(result.stdout).toBe(flags.length === 2 ? `[${DEEP}]\n` : `${DEEP}\n`);
    }
  });

  it("on a terminal, the same JSON: indented as far as that stays readable, then as it came", async () => {
    const result = await onTerminal([`${origin}/deep`, "--send"]);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out.replace(/\s/g, "")).toBe(DEEP);
    expect(result.out.startsWith("[\n  [\n    [\n")).toBe(true);
    // Indenting every level would print 20,000 lines of up to 40,000 spaces (400 MB).
    expect(result.out.length).toBeLessThan(DEEP.length + 4_000_000);
  });
});

describe("a response body is held up to 256 MiB decoded", () => {
  it("a gzip body of 300 KiB that expands to 300 MiB: one line, exit 1 (--silent, --slurp, --jq)", async () => {
    for (const flags of [
      ["--send", "--silent"],
      ["--paginate", "--slurp"],
      ["--jq", "."],
    ]) {
      const result = await cli([`${origin}/bomb`, ...flags]);
      expectOneLine(result, 1, /larger than 256 MiB/);
      // --slurp closes what it gathered, as when a later page fails: here no page.
      expect(result.stdout).toBe(flags[1] === "--slurp" ? "[]\n" : "");
    }
  });
});

describe("on a terminal, JSON cannot drive it", () => {
  it("C1 controls, DEL and bidi controls stay escapes (escaped or not by the server), and the JSON the same", async () => {
    const result = await onTerminal([`${origin}/hostile`, "--send"]);
    expect(result.code).toBe(0);
    expect(result.out).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(result.out).toContain("\\u009b2J");
    expect(result.out).toContain("\\u007f");
    expect(JSON.parse(result.out)).toStrictEqual(JSON.parse(HOSTILE));
  });

  it("so do the items of --paginate and the array of --slurp", async () => {
    for (const flags of [["--paginate"], ["--paginate", "--slurp"]]) {
      const result = await onTerminal([`${origin}/hostile`, ...flags]);
      expect(result.code).toBe(0);
      expect(result.out).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      const parsed = JSON.parse(result.out);
      expect(flags.length === 2 ? parsed[0] : parsed).toStrictEqual(JSON.parse(HOSTILE));
    }
  });
});

describe("numbers print as the server wrote them", () => {
  it("--paginate, --slurp and a terminal keep 9007199254740993, 1.10 and 1e2", async () => {
    const paginated = await cli([`${origin}/numbers`, "--paginate"]);
    expect(paginated.stdout).toBe(`${NUMBERS}\n`);
    const slurped = await cli([`${origin}/numbers`, "--paginate", "--slurp"]);
    expect(slurped.stdout).toBe(`[${NUMBERS}]\n`);
    for (const flags of [["--send"], ["--paginate"], ["--paginate", "--slurp"]]) {
      const shown = await onTerminal([`${origin}/numbers`, ...flags]);
      expect(shown.out.replace(/\s/g, "")).toBe(flags.length === 2 ? `[${NUMBERS}]` : NUMBERS);
      expect(shown.out).toContain('"id": 9007199254740993');
    }
  });
});

describe("the executable's last resort", () => {
  it("an error nobody expected (a module's withCredentials throws) is one line, exit 1, no stack", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-last-resort-"));
    try {
      const module = join(dir, "api.mjs");
      writeFileSync(
        module,
        'export const api = {};\nexport function withCredentials() { throw new TypeError("boom\\n\\u001b[2Jat secret"); }\n',
      );
      const result = await cli(["GET", "/x", "--operations", module, "--auth-env", "k=KEY"], { KEY: "v" });
      expectOneLine(result, 1, /boom/);
      expect(result.stderr).toContain("\\u001b");
      expect(result.stdout).toBe("");
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
