// The command line as an attacker drives it: items are parameters and never options, an error
// is always one line that cannot drive a terminal, and bad urls never end in a stack trace.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CliIo, runCli } from "../../src/cli/run-cli.js";
import { type EndpointOptions, endpoint } from "../../src/index.js";

function memoryIo(): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout(text: string | Uint8Array) {
      io.out += typeof text === "string" ? text : String.fromCharCode(...text);
    },
    stderr(text: string) {
      io.err += text;
    },
    readStdin: () => new TextEncoder().encode("stdin"),
    readFile: (path: string): Uint8Array => {
      throw new Error(`no file ${path}\nhere`);
    },
    // Flags such as -i send, as gh's do: no network in tests, and a hostile error text.
    fetch: (): Promise<Response> => Promise.reject(new Error("no network\nhere \u001b[2J")),
  };
  return io;
}

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.out, err: io.err };
}

/** Characters that move a terminal's cursor, change its state or reorder the text on screen. */
function hasUnsafe(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      [0x61c, 0x200e, 0x200f, 0x2028, 0x2029].includes(code) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069) ||
      (code >= 0xd800 && code <= 0xdfff)
    ) {
      return true;
    }
  }
  return false;
}

function expectOneSafeLine(result: { code: number; out: string; err: string }, message?: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.out).toBe("");
  expect(result.err).toMatch(/^rest-endpoint: [^\n]*\n$/);
  expect(hasUnsafe(result.err.slice(0, -1)), JSON.stringify(result.err)).toBe(false);
  if (message !== undefined) expect(result.err).toMatch(message);
}

describe("items are parameters: url= and method= never move the request", () => {
  it("url= beside a route is a body field (GitHub's webhook config)", async () => {
    const result = await run([
      "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config",
      "owner=o",
      "repo=r",
      "hook_id:=1",
      "url=https://hook.example/path",
      "content_type=json",
    ]);
    expect(result.err).toBe("");
    const options = JSON.parse(result.out);
    expect(options.url).toBe("https://api.github.com/repos/o/r/hooks/1/config");
    expect(options.method).toBe("patch");
    expect(options.body).toStrictEqual({ url: "https://hook.example/path", content_type: "json" });
  });

  it("method= and url:= beside a GET route go to the query", async () => {
    const result = await run(["GET /x", "method=DELETE", 'url:="//evil.example"']);
    expect(result.err).toBe("");
    const options = JSON.parse(result.out);
    expect(options.method).toBe("get");
    expect(options.url).toBe("https://api.github.com/x?method=DELETE&url=%2F%2Fevil.example");
  });

  it("the CLI prints what endpoint(route, options) returns for such items", async () => {
    const route: string = "POST /orgs/{org}/private-registries";
    const options: EndpointOptions = { org: "o", url: "https://registry.example", method: "x" };
    const printed = JSON.parse((await run([route, "org=o", "url=https://registry.example", "method=x"])).out);
    expect(printed).toStrictEqual(endpoint(route, options));
    expect(printed.url).toBe("https://api.github.com/orgs/o/private-registries");
    expect(printed.body).toStrictEqual({ url: "https://registry.example", method: "x" });
  });

  it.each<[string, RegExp]>([
    ["baseUrl=https://evil.example", /--base-url/],
    ['baseUrl:="https://evil.example"', /--base-url/],
    ['headers:={"x-a":"1"}', /Header:value/],
    ["headers=x", /Header:value/],
    ['mediaType:={"format":"raw"}', /--media-format.*--preview/],
    ["mediaType=raw", /--media-format.*--preview/],
    ["data=text", /--data/],
    ['data:={"a":1}', /--data/],
    ["request=x", /request.*no command-line form/],
    ['request:={"fetch":1}', /request.*no command-line form/],
  ])("the item %j names an option: exit 2, one line naming the flag to use", async (item, message) => {
    expectOneSafeLine(await run(["POST /x", item]), message);
  });

  it("a header named like an option is just a header", async () => {
    const options = JSON.parse((await run(["GET /x", "data:1", "baseUrl;"])).out);
    expect(options.headers.data).toBe("1");
    expect(options.headers.baseurl).toBe("");
  });
});

describe("--format http and bad urls: one line, exit 2", () => {
  it.each<[string, string[], RegExp]>([
    ["a host that does not parse", ["GET http://[zz]/x", "--format", "http"], /does not parse/],
    [
      "spaces after the base url",
      ["GET /x", "--base-url", "https://api.github.com  ", "--format", "http"],
      /baseUrl|url/,
    ],
    ["a file url", ["GET file:///etc/passwd", "--format", "curl"], /http: or https:/],
    ["a host header", ["GET /x", "Host:evil.example", "--format", "http"], /"host"/],
    [
      "a content-length header",
      ["POST /x", "a=1", "Content-Length:0", "--format", "http"],
      /"content-length"/,
    ],
  ])("%s", async (_name, argv, message) => {
    expectOneSafeLine(await run(argv), message);
  });

  it("a body nested too deep to print is one line, in every format", async () => {
    const deep = `${"[".repeat(3000)}${"]".repeat(3000)}`;
    for (const format of ["json", "curl", "http"]) {
      expectOneSafeLine(await run(["POST /x", `a:=${deep}`, "--format", format]), /nested deeper than 500/);
    }
    // The body object and 499 lists: 500 levels, the most JSON bodies may have.
    const printable = `${"[".repeat(499)}${"]".repeat(499)}`;
    const result = await run(["POST /x", `a:=${printable}`]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).body.a).toStrictEqual(JSON.parse(printable));
  });

  it.each(["\r", "\n", "\t", "\0", " ", "  ", "\r\nx-injected: 1"])(
    "--base-url with %j is refused as one line",
    async (junk) => {
      for (const format of ["json", "curl", "http"]) {
        for (const baseUrl of [
          `https://api.github.com${junk}`,
          `https://api.github.com/${junk}v3`,
          `${junk}https://api.github.com`,
        ]) {
          expectOneSafeLine(await run(["GET /user", "--base-url", baseUrl, "--format", format]), /baseUrl/);
        }
      }
    },
  );
});

describe("error lines are one line of safe text, whatever argv holds", () => {
  it.each<[string, string[], string]>([
    ["ESC in an unknown option", ["GET /x", "--x\u001b]0;owned\u0007"], "\\u001b]0;owned\\u0007"],
    ["a C1 CSI in a format name", ["GET /x", "--format", "\u009b2J"], "\\u009b2J"],
    ["a line break in an item", ["GET /x", "a\nb"], "a\\u000ab"],
    ["U+2028 in JSON", ["GET /x", "n:={\u2028"], "\\u2028"],
    ["a bidi override in a route", ["GET /{a\u202e}", "a=1"], "\\u202e"],
    ["an isolate in a file name", ["POST /x", "--data", "@\u2066x"], "\\u2066"],
    ["DEL", ["GET /x", "--\u007f"], "\\u007f"],
    ["a line break from the file system error", ["POST /x", "--data", "@f"], "\\u000ahere"],
  ])("%s", async (_name, argv, escaped) => {
    const result = await run(argv);
    expectOneSafeLine(result);
    expect(result.err).toContain(escaped);
  });

  it("for random argv: exit 0 with nothing on stderr, or exit 2 (bad input) or 1 (a send that failed) with one safe line", async () => {
    const hostile = fc.constantFrom(
      "\u001b[31m",
      "\u001b]0;t\u0007",
      "\n",
      "\r",
      "\t",
      "\0",
      "\u007f",
      "\u0085",
      "\u009b",
      "\u2028",
      "\u2029",
      "\u202a",
      "\u202e",
      "\u2066",
      "\u2069",
      "\u200f",
      "\ud800",
    );
    const text = fc.string({
      unit: fc.oneof(
        hostile,
        fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
        fc.constantFrom("=", ":=", ":", ";", "==", "=@", ":=@", "[]", "\\", "{", "}", "/"),
      ),
      maxLength: 12,
    });
    const argument = fc.oneof(
      text,
      fc
        .tuple(
          fc.constantFrom(
            "a=",
            "n:=",
            "X-H:",
            "url=",
            "baseUrl=",
            "Accept:",
            "--base-url=",
            "--format=",
            "--preview=",
            "q==",
            "t=@",
            "j:=@",
            "l[]=",
            "GET",
          ),
          text,
        )
        .map(([a, b]) => a + b),
      fc.constantFrom(
        "--format",
        "http",
        "curl",
        "--base-url",
        "--data",
        "--preview",
        "--media-format",
        "https://h.example",
        "--",
        "-h",
        "-V",
        "-i",
        "-x",
        "--include",
        "--token-env",
      ),
    );
    const route = fc.oneof(
      fc.constantFrom(
        "GET /x",
        "POST /repos/{owner}/{repo}",
        "PUT /{a}",
        "GET http://[zz]/{a}",
        "GET",
        "post",
      ),
      fc.tuple(fc.constantFrom("GET ", "POST ", "PATCH /", ""), text).map(([a, b]) => a + b),
    );
    await fc.assert(
      fc.asyncProperty(route, fc.array(argument, { maxLength: 6 }), async (first, rest) => {
        const io = memoryIo();
        const code = await runCli([first, ...rest], io);
        if (code === 0) {
          expect(io.err).toBe("");
        } else if (code === 1) {
          // Sent (-i, --include or --token-env send) to a fetch that fails: one safe line too.
          expectOneSafeLine({ code: 2, out: io.out, err: io.err }, /The request .* failed|not set or empty/);
        } else {
          expectOneSafeLine({ code, out: io.out, err: io.err });
        }
      }),
      { numRuns: 2000 },
    );
  });
});
