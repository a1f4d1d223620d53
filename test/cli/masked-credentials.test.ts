// The command line's lines never show a credential: the failed-request line and --verbose
// mask query values split where servers split them (`;` too), and headers and parameters named
// jwt, bearer, pass or pwd. The same table of queries as the adapters' messages.
import { describe, expect, it } from "vitest";
import { type CliIo, runCli } from "../../src/cli/run-cli.js";
import { SECRET, SECRET_QUERIES } from "../promises/6-one-request/secret-queries.js";

function memoryIo(fetch: NonNullable<CliIo["fetch"]>): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout(text: string | Uint8Array) {
      io.out += typeof text === "string" ? text : new TextDecoder().decode(text);
    },
    stderr(text: string) {
      io.err += text;
    },
    readStdin: () => new Uint8Array(0),
    readFile: (): Uint8Array => {
      throw new Error("no files here");
    },
    fetch,
  };
  return io;
}

const failing: NonNullable<CliIo["fetch"]> = async (url) => {
  throw new TypeError(`fetch failed: connect ECONNREFUSED for ${url}`);
};
const answering: NonNullable<CliIo["fetch"]> = async () =>
  new Response("{}", { headers: { "content-type": "application/json", "x-jwt": SECRET } });

const CASES = SECRET_QUERIES.map((query) => ({ query }));

describe("the CLI's lines hold no credential", () => {
  it.each(CASES)("$query: the failed-request line, --verbose, and the error lines", async ({ query }) => {
    const route = `GET http://127.0.0.1:9/x${query}`;
    const failed = memoryIo(failing);
    const code = await runCli([route, "--send", "--verbose"], failed);
    expect(failed.err).not.toContain(SECRET);
    // A query that is no URI template (`%ZZ`) is refused as bad input: its line masks it too.
    if (/%ZZ/.test(query)) {
      expect(code).toBe(2);
      return;
    }
    expect(code).toBe(1);
    expect(failed.err).toMatch(/The request GET http:\/\/127\.0\.0\.1:9\/x/);
    const verbose = memoryIo(answering);
    expect(await runCli([route, "--send", "--verbose"], verbose)).toBe(0);
    expect(verbose.err).toMatch(/^> GET \/x/);
    expect(verbose.err).not.toContain(SECRET);
    // A url the library refuses: the error line masks it too.
    const refused = memoryIo(answering);
    expect(await runCli([`GET http://u:${SECRET}@127.0.0.1:9/x${query}`, "--send"], refused)).toBe(2);
    expect(refused.err).not.toContain(SECRET);
  });

  it.each([
    "X-Jwt",
    "X-Bearer",
    "X-Pass",
    "X-Pwd",
    "Jwt",
    "X-User-Password",
    "Proxy-Authorization",
    "X-Api-Key",
  ])("--verbose masks the header %s", async (name) => {
    const io = memoryIo(answering);
    expect(
      await runCli(["GET", "http://127.0.0.1:9/x", `${name}:${SECRET}`, "--send", "--verbose"], io),
    ).toBe(0);
    expect(io.err).toContain(`> ${name.toLowerCase()}: ****`);
    expect(io.err).not.toContain(SECRET);
  });
});
