// `--format curl` refuses what `--format http` and `--send` refuse: a framing header of the
// user's own (`Content-Length:0` before a file's bytes) would make the body more requests.
import { describe, expect, it } from "vitest";
import { type CliIo, runCli } from "../../src/cli/run-cli.js";

function memoryIo(): CliIo & { out: string; err: string; fetched: number } {
  const io = {
    out: "",
    err: "",
    fetched: 0,
    stdout(text: string | Uint8Array) {
      io.out += typeof text === "string" ? text : new TextDecoder().decode(text);
    },
    stderr(text: string) {
      io.err += text;
    },
    readStdin: () => new Uint8Array(0),
    readFile: (): Uint8Array => new TextEncoder().encode("GET /smuggled HTTP/1.1\r\nhost: h\r\n\r\n"),
    fetch: async () => {
      io.fetched++;
      return new Response("{}");
    },
  };
  return io;
}

const HEADERS = [
  "Content-Length:0",
  "content-length:5",
  "CONTENT-LENGTH:0",
  "Transfer-Encoding:chunked",
  "transfer-encoding:chunked",
  "Host:evil.example",
  "HOST:127.0.0.1",
  "Connection:content-length",
  "connection:close, Host",
];

const BODIES: readonly (readonly string[])[] = [[], ["a=1"], ["--data", "@p.txt"], ["f@p.txt"]];

const CASES = HEADERS.flatMap((header) => BODIES.map((body) => ({ header, body })));

describe("--format curl refuses the framing headers --format http and --send refuse", () => {
  it.each(CASES)("$header with $body", async ({ header, body }) => {
    const argv = ["POST", "http://127.0.0.1:1/cl", ...body, header];
    const outcomes = [];
    for (const flags of [["--format", "curl"], ["--format", "http"], ["--send"]]) {
      const io = memoryIo();
      const code = await runCli([...flags, ...argv], io);
      outcomes.push({ code, out: io.out, lines: io.err.split("\n").length - 1 });
      expect(io.fetched).toBe(0);
    }
    for (const outcome of outcomes) expect(outcome).toEqual({ code: 2, out: "", lines: 1 });
  });
});
