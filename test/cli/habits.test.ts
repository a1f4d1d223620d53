// The table of gh api and HTTPie habits (habit-cases.ts), each row run through the built
// command line (in this process: run-executable.ts) against a loopback server this test starts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HABITS, PETS_FILE, petsDescription } from "./habit-cases.js";
import { runBuilt } from "./run-executable.js";

interface Received {
  method: string;
  target: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let server: Server;
let origin = "";
let dir = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        target: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), "rest-endpoint-habits-"));
  writeFileSync(join(dir, "pets.json"), JSON.stringify(petsDescription(origin)));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

describe("the habits of gh api and HTTPie users, through the built command line", () => {
  it.each(HABITS)("%s", async (_name, argv, expected, given) => {
    // Data on standard input that the command does not read is refused: only rows
    // that name it get the default.
    const reads = argv.some((arg, i) => (arg === "-" && i > 0) || arg.endsWith("@-"));
    const stdin = given ?? (reads ? '{"from":"stdin"}' : "");
    const args = argv.map((arg) => (arg === PETS_FILE ? join(dir, "pets.json") : arg));
    const base = args.includes("--operations") ? [] : ["--base-url", origin];
    const before = received.length;
    const { code, stderr } = await runBuilt([...args, ...base, "--send"], { stdin });
    if ("refused" in expected) {
      expect(code).toBe(2);
      expect(stderr).toMatch(expected.refused);
      expect(received.length).toBe(before);
      return;
    }
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(received.length).toBe(before + 1);
    const request = received.at(-1) as Received;
    expect([request.method, request.target]).toStrictEqual([expected.method, expected.target]);
    if (expected.body !== undefined) expect(JSON.parse(request.body)).toStrictEqual(expected.body);
    else expect(request.body).toBe(expected.text ?? "");
    for (const [name, value] of Object.entries(expected.headers ?? {}))
      expect(request.headers[name]).toBe(value);
  });
});
