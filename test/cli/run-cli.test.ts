import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { toCurl } from "../../src/adapters/index.js";
import { type CliIo, HELP, runCli } from "../../src/cli/run-cli.js";
import { endpoint } from "../../src/index.js";
import { BAD_INPUT, SHARED_CASES } from "./cli-cases.js";
import { type ExecutableResult, runBuilt, runExecutable } from "./run-executable.js";

const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/** Runs the built command line (in this process), with optional standard input. */
function cli(argv: string[], stdin?: string | Uint8Array): Promise<ExecutableResult> {
  return runBuilt(argv, stdin === undefined ? {} : { stdin });
}

function memoryIo(stdin = ""): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout(text: string | Uint8Array) {
      io.out += typeof text === "string" ? text : new TextDecoder().decode(text);
    },
    stderr(text: string) {
      io.err += text;
    },
    readStdin: () => new TextEncoder().encode(stdin),
    readFile: (): Uint8Array => {
      throw new Error("no files here");
    },
  };
  return io;
}

describe("the CLI prints exactly what the library returns (one shared table)", () => {
  it.each(SHARED_CASES)("$name", async ({ argv, route, options }) => {
    const expected = endpoint(route, options);
    const json = await cli(argv);
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toStrictEqual(JSON.parse(JSON.stringify(expected)));
    // Flags first: after -- every argument is the route or an item.
    const curl = await cli(["--format", "curl", ...argv]);
    expect(curl.stdout).toBe(`${toCurl(expected)}\n`);
  });
});

describe("bad input: one line on stderr, exit code 2, no stack trace", () => {
  it.each(BAD_INPUT)("%s", async (_name, argv, message) => {
    const result = await cli(argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.endsWith("\n")).toBe(true);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("command line", () => {
  it("--help documents every option and item form; --version prints the version", async () => {
    const help = await cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(`${HELP}\n`);
    for (const word of [
      "--base-url",
      "--format",
      "--data @FILE",
      "--data -",
      "--media-format",
      "--preview",
      "--version",
      "name=value",
      "name:=json",
      "Header:value",
    ]) {
      expect(help.stdout).toContain(word);
    }
    const version = await cli(["--version"]);
    expect(version.stdout).toBe(`${endpoint.DEFAULTS.headers["user-agent"]?.toString().split("/")[1]}\n`);
  });

  it("-h, -V and -i are the short forms; -- ends the options", async () => {
    expect(await cli(["-h"])).toStrictEqual({ code: 0, stdout: `${HELP}\n`, stderr: "" });
    expect(await cli(["GET /x", "-V"])).toStrictEqual(await cli(["--version"]));
    const afterDashes = await cli(["--", "-h"]);
    expect(afterDashes.code).toBe(0);
    expect(JSON.parse(afterDashes.stdout).url).toBe("https://api.github.com/-h");
  });

  it("query items go to the query on every method, before a fragment, in order", async () => {
    const io = memoryIo();
    expect(
      await runCli(["PATCH /x/{id}#top", "id=1", "q==a b", "q==ü", "labels[]==bug", "title=t"], io),
    ).toBe(0);
    const printed = JSON.parse(io.out);
    expect(printed.url).toBe("https://api.github.com/x/1?q=a%20b&q=%C3%BC&labels%5B%5D=bug#top");
    expect(printed.body).toStrictEqual({ title: "t" });
    const get = memoryIo();
    await runCli(["GET /search{?per_page}", "per_page=5", "s==x", "t=y"], get);
    expect(JSON.parse(get.out).url).toBe("https://api.github.com/search?per_page=5&t=y&s=x");
  });

  it("--help lists every item kind with an example", async () => {
    for (const example of [
      "owner=octokit",
      "per_page:=100",
      "body=@notes.md",
      "labels:=@labels.json",
      "state==open",
      "'labels[]=bug'",
      "Accept:",
      "X-Empty;",
      "-h, --help",
      "-V, --version",
      "--send",
      "--include, -i",
      "--token-env NAME",
    ]) {
      expect(HELP).toContain(example);
    }
  });

  it("a large file that is not JSON: the error line shows its start only", async () => {
    const io = memoryIo();
    io.readFile = () => new TextEncoder().encode(`{"a": ${"\u0001".repeat(2_000_000)}`);
    expect(await runCli(["POST /x", "a:=@big.json"], io)).toBe(2);
    expect(io.err).toMatch(
      /^rest-endpoint: The value of the file of a:=@ is not valid JSON: "\{\\"a\\": [^\n]{0,400}…"; quote strings/,
    );
    expect(io.err.length).toBeLessThan(600);
  });

  it("a reader that closes the pipe early (| head) ends the command quietly", () => {
    const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-"));
    try {
      writeFileSync(join(dir, "big.txt"), "x".repeat(3_000_000));
      const result = spawnSync(
        "sh",
        [
          "-c",
          `"${process.execPath}" "${BIN}" "POST /x" --data @"${join(dir, "big.txt")}" --format curl | head -c 1`,
        ],
        { encoding: "utf8" },
      );
      expect(result.stdout).toBe("p");
      expect(result.stderr).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--data - reads standard input", async () => {
    const result = await cli(
      ["POST /markdown/raw", "--data", "-", "Content-Type:text/plain"],
      "from stdin\n",
    );
    expect(JSON.parse(result.stdout).body).toBe("from stdin\n");
  });

  it("--data @FILE reads a file, and bytes that are not UTF-8 stay bytes", async () => {
    const io = memoryIo();
    io.readFile = () => new Uint8Array([0xff, 0x00, 0x41]);
    expect(await runCli(["POST /x", "--data", "@blob.bin"], io)).toBe(0);
    expect(JSON.parse(io.out).body).toStrictEqual({ base64: "/wBB" });
    const text = memoryIo();
    text.readFile = () => new TextEncoder().encode("héllo");
    await runCli(["POST /x", "--data", "@t.txt"], text);
    expect(JSON.parse(text.out).body).toBe("héllo");
  });

  it("--format http prints the raw HTTP/1.1 request", async () => {
    const io = memoryIo();
    await runCli(
      ["POST /repos/{owner}/{repo}/issues#frag", "owner=o", "repo=r", "title=Hi ✓", "--format", "http"],
      io,
    );
    expect(io.out).toBe(
      [
        "POST /repos/o/r/issues HTTP/1.1",
        "host: api.github.com",
        "accept: application/vnd.github.v3+json",
        `user-agent: ${endpoint.DEFAULTS.headers["user-agent"]}`,
        "content-type: application/json; charset=utf-8",
        "content-length: 18",
        "",
        '{"title":"Hi ✓"}',
      ].join("\r\n"),
    );
    const relative = memoryIo();
    await runCli(["GET /x", "a=1", "--base-url=", "--format=http"], relative);
    expect(relative.out.startsWith("GET /x?a=1 HTTP/1.1\r\naccept:")).toBe(true);
  });

  it("rethrows what is not an input error (a bug must not pass as bad input)", async () => {
    const io = memoryIo();
    io.stdout = () => {
      throw new RangeError("disk full");
    };
    await expect(runCli(["GET /x"], io)).rejects.toThrow(RangeError);
  });
});

describe("the executable itself (a process of its own)", () => {
  it("prints the request, exits 2 with one line on bad input, and prints its version", async () => {
    const [, argv, message] = BAD_INPUT[0] as (typeof BAD_INPUT)[number];
    expect(await runExecutable(argv)).toStrictEqual(await cli(argv));
    expect((await runExecutable(argv)).stderr).toMatch(message);
    const { argv: good } = SHARED_CASES[0] as (typeof SHARED_CASES)[number];
    const printed = await runExecutable(good);
    expect(printed).toStrictEqual(await cli(good));
    expect(printed.code).toBe(0);
    expect(await runExecutable(["--version"])).toStrictEqual(await cli(["--version"]));
  });
});

describe("standard input that cannot be read", () => {
  it("a directory as stdin: one line on stderr, exit code 2", () => {
    const fd = openSync(tmpdir(), "r");
    try {
      const result = spawnSync(process.execPath, [BIN, "POST /x", "--data", "-"], {
        stdio: [fd, "pipe", "pipe"],
        encoding: "utf8",
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^rest-endpoint: Cannot read standard input: .+\n$/);
      expect(result.stderr.split("\n")).toHaveLength(2);
    } finally {
      closeSync(fd);
    }
  });
});

describe("a binary --data file", () => {
  it("prints as { base64 } in JSON, from a real file read by the real binary", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-"));
    try {
      const bytes = Uint8Array.from([0xff, 0x00, 0xfe, 0x41, 0x80]);
      writeFileSync(join(dir, "bin.dat"), bytes);
      const result = await cli(["POST /x", "--data", `@${join(dir, "bin.dat")}`]);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).body).toEqual({ base64: Buffer.from(bytes).toString("base64") });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("rest-endpoint completion", () => {
  it("bash: completes flags, methods and the urls of GitHub's routes, in a real bash", async () => {
    const script = await cli(["completion", "bash"]);
    expect(script.code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-completion-"));
    const file = join(dir, "completion.bash");
    writeFileSync(file, script.stdout);
    const complete = (...words: string[]): string[] => {
      const result = spawnSync(
        "bash",
        [
          "-c",
          `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _rest_endpoint; printf '%s\\n' "\${COMPREPLY[@]}"`,
          "bash",
          file,
          ...words,
        ],
        { encoding: "utf8" },
      );
      return result.stdout.split("\n").filter((line) => line !== "");
    };
    expect(complete("rest-endpoint", "--pag")).toStrictEqual(["--paginate"]);
    expect(complete("rest-endpoint", "-")).toContain("-X");
    expect(complete("rest-endpoint", "PA")).toStrictEqual(["PATCH"]);
    expect(
      complete("rest-endpoint", "GET", "/repos/{owner}/{repo}/issues/comments/{comment_id}/rea"),
    ).toStrictEqual([
      "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
      "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions/{reaction_id}",
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("zsh and fish: every flag; an unknown shell is bad input", async () => {
    for (const shell of ["zsh", "fish"]) {
      const script = await cli(["completion", shell]);
      expect(script.code).toBe(0);
      for (const word of ["paginate", "jq", "method", "raw-field"]) expect(script.stdout).toContain(word);
    }
    expect((await cli(["completion", "zsh"])).stdout).toContain("'/repos/{owner}/{repo}/issues'");
    const bad = await cli(["completion", "tcsh"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('rest-endpoint: completion takes bash, zsh or fish, got "tcsh".\n');
  });
});
