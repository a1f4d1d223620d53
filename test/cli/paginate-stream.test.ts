// --paginate prints each page as it arrives: the items of pages of lists are written as they
// come while the output stays one JSON array, as gh api writes it; --slurp still collects.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliIo, runCli } from "../../src/cli/run-cli.js";

const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
const PAGES = 40;
const PER_PAGE = 25;

/** The items of page `n` (from 1): numbered, with text that JSON must escape. */
function itemsOf(n: number): unknown[] {
  return Array.from({ length: PER_PAGE }, (_, i) => ({
    n: (n - 1) * PER_PAGE + i,
    text: `],[\n"${n}\u2028`,
  }));
}

let server: Server;
let origin = "";
/** Resolves the last page's answer: the test holds it until it has seen the first items. */
let releaseLast: (by: string) => void = () => {};
let lastAnswered: Promise<string> = Promise.resolve("");

beforeAll(async () => {
  server = createServer((request, response) => {
    const page = Number(new URL(request.url ?? "/", "http://x").searchParams.get("page") ?? "1");
    const answer = (): void => {
      const link = page < PAGES ? { link: `<${origin}/list?page=${page + 1}>; rel="next"` } : {};
      response
        .writeHead(200, { "content-type": "application/json", ...link })
        .end(JSON.stringify(itemsOf(page)));
    };
    if (page === PAGES) lastAnswered.then(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("--paginate streams, through the built executable", () => {
  it("the first page's items reach stdout before the server answers the last page; the whole is one JSON array", async () => {
    lastAnswered = new Promise((resolve) => {
      releaseLast = resolve;
    });
    // Should streaming break, the last page is never answered and the command never ends: the
    // test hangs until Vitest's guard (vitest.config.ts) fails it. No clock is read here.
    const child = spawn(process.execPath, [BIN, `${origin}/list`, "--paginate"], {
      env: { PATH: process.env.PATH ?? "" },
    });
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('"n":0,')) releaseLast("stdout");
    });
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(await lastAnswered).toBe("stdout");
    expect(code).toBe(0);
    const all = Array.from({ length: PAGES }, (_, i) => itemsOf(i + 1)).flat();
    expect(stdout).toBe(`${JSON.stringify(all)}\n`);
  });
});

/** A host whose fetch answers from `pages` (bodies by path), each linking to the next. */
function pagedIo(
  pages: readonly (string | Error)[],
  terminal = false,
): CliIo & { out: string; err: string; fetched: number } {
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
    readStdin: () => new Uint8Array(),
    readFile: (): Uint8Array => {
      throw new Error("no files");
    },
    isTerminal: terminal,
    isStderrTerminal: terminal,
    fetch: async (url: string): Promise<Response> => {
      io.fetched++;
      const n = Number(new URL(url).searchParams.get("page") ?? "1");
      const body = pages[n - 1] as string | Error;
      if (body instanceof Error) throw body;
      const link = n < pages.length ? { link: `<https://api.example/list?page=${n + 1}>; rel="next"` } : {};
      return new Response(body, { headers: { "content-type": "application/json", ...link } });
    },
  };
  return io;
}

describe("--paginate output", () => {
  const lists = ["[]", '[{"a":[1,{"b":2}]},"x"]', "[]", '[3,null,"\\n"]', "[]"];
  const all = [{ a: [1, { b: 2 }] }, "x", 3, null, "\n"];

  it("pages of lists, empty ones among them, print as one list: compact when piped, indented on a terminal", async () => {
    const piped = pagedIo(lists);
    expect(await runCli(["https://api.example/list", "--paginate"], piped)).toBe(0);
    expect(piped.out).toBe(`${JSON.stringify(all)}\n`);
    const terminal = pagedIo(lists, true);
    expect(await runCli(["https://api.example/list", "--paginate"], terminal)).toBe(0);
    expect(terminal.out).toBe(`${JSON.stringify(all, null, 2)}\n`);
    for (const empty of [["[]"], ["[]", "[]"]]) {
      const io = pagedIo(empty, true);
      await runCli(["https://api.example/list", "--paginate"], io);
      expect(io.out).toBe("[]\n");
    }
  });

  it("a page that is no list closes the list and prints as it came; objects print one per page", async () => {
    const io = pagedIo(["[1,2]", '{"page":2}', "[3]"]);
    expect(await runCli(["https://api.example/list", "--paginate"], io)).toBe(0);
    expect(io.out).toBe('[1,2]\n{"page":2}\n[3]\n');
  });

  it("a request that fails half way leaves what was printed one valid list, exit 1", async () => {
    const io = pagedIo(["[1,2]", "[3]", new Error("connection reset")]);
    expect(await runCli(["https://api.example/list", "--paginate"], io)).toBe(1);
    expect(JSON.parse(io.out)).toStrictEqual([1, 2, 3]);
    expect(io.err).toMatch(
      /^rest-endpoint: The request GET https:\/\/api\.example\/\S+ failed: connection reset\.\n$/,
    );
  });

  it("--slurp still collects every page into one array, printed at the end", async () => {
    const io = pagedIo(lists);
    expect(await runCli(["https://api.example/list", "--paginate", "--slurp"], io)).toBe(0);
    expect(JSON.parse(io.out)).toStrictEqual(lists.map((page) => JSON.parse(page)));
  });

  it("the progress line on a terminal counts pages and items, and ends before the error line", async () => {
    const io = pagedIo(["[1,2]", "[3]", new Error("reset")], true);
    await runCli(["https://api.example/list", "--paginate"], io);
    // ESC shown as text: the line rewrites itself with carriage return, ESC [K.
    expect(io.err.replaceAll("\u001b", "<ESC>")).toMatch(
      /^\r<ESC>\[Kpages 1, items 2, \d+\.\d s\r<ESC>\[Kpages 2, items 3, \d+\.\d s\nrest-endpoint: The request/,
    );
  });
});
