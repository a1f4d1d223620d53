// A body piped to standard input is refused at once (exit 2, one line), even while the writer
// keeps the pipe open and goes on writing; a pipe held open with nothing in it runs as usual.
// The built binary (npm run build): each case awaits the child's exit while this side still
// holds its end of the pipe, so without the fix the test hangs until vitest's timeout.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../helpers.js";

const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

let server: Server;
let origin = "";
let sent = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    sent++;
    request.resume();
    response.setHeader("content-type", "application/json");
    response.end('{"ok":true}');
  });
  origin = await listenOnLoopback(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether this side had not ended the pipe when the child exited (it never ends it). */
  heldOpen: boolean;
}

/** Runs the binary with a pipe as standard input: `chunks` written, the pipe never ended. */
function runHeldOpen(argv: readonly string[], chunks: readonly string[]): Promise<Exit> {
  const child = spawn(process.execPath, [BIN, ...argv], {
    // Node's pipe is a socket pair: standard input is a socket, as the report's writer gave.
    stdio: ["pipe", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk;
  });
  child.stdin?.on("error", () => {});
  for (const chunk of chunks) child.stdin?.write(chunk);
  // The writer goes on, as `(printf …; sleep 6) |` or a process that never ends its output.
  const more = setInterval(() => child.stdin?.write("x"), 20);
  const ended = Promise.all(
    [child.stdout, child.stderr].map((stream) => new Promise((resolve) => stream?.on("end", resolve))),
  );
  return new Promise((resolve) => {
    child.on("exit", async (code) => {
      clearInterval(more);
      const heldOpen = child.stdin !== null && !child.stdin.writableEnded;
      await ended;
      child.stdin?.destroy();
      resolve({ code, stdout, stderr, heldOpen });
    });
  });
}

const REFUSED = [
  { name: "a JSON body, POST", argv: ["POST", "/x"], chunks: ['{"a":1}'] },
  { name: "a JSON body, GET", argv: ["GET", "/x", "--format", "curl"], chunks: ['{"a":1}'] },
  { name: "text in two writes", argv: ["POST", "/x", "a=1"], chunks: ["hello ", "world"] },
  { name: "a large body", argv: ["PUT", "/x"], chunks: ["y".repeat(256 * 1024)] },
  {
    name: "a body with --send",
    argv: ["POST", "/x", "--send", "--base-url", "http://127.0.0.1:9"],
    chunks: ["{}"],
  },
];

// Without the fix a case hangs: vitest's timeout is the guard, no clock is read here.
describe("piped data that is not named is refused at once, whatever the writer does", () => {
  it.each(REFUSED)("$name", async ({ argv, chunks }) => {
    const before = sent;
    const result = await runHeldOpen(argv, chunks);
    expect(result.heldOpen).toBe(true);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^rest-endpoint: Standard input holds data, [^\n]*--input -[^\n]*\n$/);
    expect(sent).toBe(before);
  });
});

describe("a pipe held open with nothing in it is not data: the command runs as usual", () => {
  it.each([
    { name: "--format json", argv: ["POST", "/x", "a=1"], code: 0, out: /"method": "post"/ },
    { name: "--format curl", argv: ["GET", "/x", "--format", "curl"], code: 0, out: /^curl / },
    { name: "--send", argv: [], code: 0, out: /"ok": ?true/ },
  ])("$name", async ({ name, argv, code, out }) => {
    const child = spawn(
      process.execPath,
      [BIN, ...(name === "--send" ? ["GET", `${origin}/x`, "--send"] : argv)],
      {
        stdio: ["pipe", "pipe", "pipe"],
        env: { PATH: process.env.PATH ?? "" },
      },
    );
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.resume();
    const ended = new Promise((resolve) => child.stdout.on("end", resolve));
    const exited = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    await ended;
    expect(child.stdin.writableEnded).toBe(false);
    child.stdin.destroy();
    expect(exited).toBe(code);
    expect(stdout).toMatch(out);
  });
});
