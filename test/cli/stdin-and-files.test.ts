// The command line never drops input without a word. A body piped to
// standard input is refused, naming --input -, unless the command reads it (standard input is
// read only when named); an empty, closed, /dev/null or never-closing input runs as before and
// never hangs. HTTPie's `name@FILE` uploads a file as a multipart part, and --format curl and
// --format http print what --send sends. The built command line, against a loopback server:
// standard input's rows in a process of their own, the upload rows in this one.
import { execFileSync, spawn } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../helpers.js";
import { runBuilt, runBuiltBytes } from "./run-executable.js";

const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/** What standard input is: data piped in, an empty pipe closed or left open, /dev/null, a file. */
type Stdin = { data: string } | "closed-empty" | "open-empty" | "dev-null" | { file: string };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built binary with `stdin` as its standard input (PATH only in its environment). */
function run(argv: readonly string[], stdin: Stdin, cwd?: string): Promise<Run> {
  const fd =
    stdin === "dev-null"
      ? "ignore"
      : typeof stdin === "object" && "file" in stdin
        ? openSync(stdin.file, "r")
        : "pipe";
  const child = spawn(process.execPath, [BIN, ...argv], {
    stdio: [fd, "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "" },
    ...(cwd === undefined ? {} : { cwd }),
  });
  if (typeof fd === "number") closeSync(fd);
  if (typeof stdin === "object" && "data" in stdin) child.stdin?.end(stdin.data);
  else if (stdin === "closed-empty") child.stdin?.end();
  // "open-empty": left open, as a CI runner may leave it; the command must finish anyway.
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
  // The child may exit without reading what was piped: that is no error of the test's.
  child.stdin?.on("error", () => {});
  return new Promise((resolve) => {
    child.on("close", (code) => {
      child.stdin?.destroy();
      resolve({
        code: code ?? -1,
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
      });
    });
  });
}

interface Received {
  method: string;
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const received: Received[] = [];
let server: Server;
let origin = "";
let dir = "";
/** A PNG's signature and bytes that are no UTF-8: the bytes must arrive as they are. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x22, 0x3b]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "stdin-files-"));
  writeFileSync(join(dir, "photo.png"), PNG);
  writeFileSync(join(dir, "notes.txt"), "line one\nline two\n");
  writeFileSync(join(dir, "blob.xyz"), Buffer.from([1, 2, 3]));
  writeFileSync(join(dir, "body.json"), '{"title":"from a file"}');
  writeFileSync(join(dir, "empty.txt"), "");
  mkdirSync(join(dir, "folder"));
  // A FIFO no one writes to: opening it to read would wait for a writer for ever.
  execFileSync("mkfifo", [join(dir, "fifo")]);
  // Sparse: 257 MiB on paper, no blocks on disk; refused by its size before a byte is read.
  writeFileSync(join(dir, "huge.bin"), "");
  truncateSync(join(dir, "huge.bin"), 257 * 1024 * 1024);
  writeFileSync(
    join(dir, "pets.json"),
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "pets", version: "1" },
      servers: [{ url: "http://127.0.0.1:1" }],
      paths: {
        "/pets/{id}/photo": {
          post: {
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
            requestBody: {
              content: {
                "multipart/form-data": {
                  schema: {
                    type: "object",
                    properties: { caption: { type: "string" }, photo: { type: "string", format: "binary" } },
                  },
                },
              },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
    }),
  );
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        target: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  origin = await listenOnLoopback(server);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** The parts of a multipart body, as a server reads them: name, filename, type and bytes. */
async function parts(contentType: string | undefined, body: Uint8Array): Promise<unknown[]> {
  expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
  const form = await new Response(body as Uint8Array<ArrayBuffer>, {
    headers: { "content-type": contentType as string },
  }).formData();
  const list: unknown[] = [];
  for (const [name, value] of form) {
    list.push(
      typeof value === "string"
        ? { name, value }
        : {
            name,
            filename: value.name,
            type: value.type,
            bytes: [...new Uint8Array(await value.arrayBuffer())],
          },
    );
  }
  return list;
}

const photoPart = { name: "file", filename: "photo.png", type: "image/png", bytes: [...PNG] };

describe("standard input is never dropped silently", () => {
  it.each<
    [
      string,
      {
        given: { argv: string[]; stdin: Stdin };
        want: { code: number; stderr?: RegExp; body?: string | null };
      },
    ]
  >([
    [
      "JSON piped to a POST that sends, without --input -: refused, nothing sent",
      {
        given: { argv: ["POST", "{origin}/repos/o/r/issues", "--send"], stdin: { data: '{"title":"x"}' } },
        want: { code: 2, stderr: /^rest-endpoint: [^\n]*--input -[^\n]*\n$/, body: null },
      },
    ],
    [
      "JSON piped to a command that only prints: refused too",
      {
        given: { argv: ["POST", "/repos/o/r/issues"], stdin: { data: '{"title":"x"}' } },
        want: { code: 2, stderr: /--input -/ },
      },
    ],
    [
      "a file as standard input (< body.json), not named: refused",
      {
        given: { argv: ["POST", "{origin}/x", "--send"], stdin: { file: "body.json" } },
        want: { code: 2, stderr: /--input -/, body: null },
      },
    ],
    [
      "piped with --input -: sent as the body",
      {
        given: { argv: ["POST", "{origin}/x", "--input", "-", "--send"], stdin: { data: '{"title":"x"}' } },
        want: { code: 0, body: '{"title":"x"}' },
      },
    ],
    [
      "piped with --data -: sent as the body",
      {
        given: { argv: ["POST", "{origin}/x", "--data", "-", "--send"], stdin: { data: "plain" } },
        want: { code: 0, body: "plain" },
      },
    ],
    [
      "piped to an item's @- (gh's -F): read as the value",
      {
        given: { argv: ["POST", "{origin}/x", "-F", "text=@-", "--send"], stdin: { data: "hi" } },
        want: { code: 0, body: '{"text":"hi"}' },
      },
    ],
    [
      "read by two items (@- twice): refused, the second would be empty",
      {
        given: { argv: ["POST", "{origin}/x", "-F", "a=@-", "-F", "b=@-", "--send"], stdin: { data: "hi" } },
        want: { code: 2, stderr: /standard input.*once/i, body: null },
      },
    ],
    [
      "piped with --ignore-stdin: left unread, the request sent without it",
      {
        given: {
          argv: ["POST", "{origin}/x", "title=y", "--ignore-stdin", "--send"],
          stdin: { data: "junk" },
        },
        want: { code: 0, body: '{"title":"y"}' },
      },
    ],
    [
      "/dev/null as standard input: runs",
      {
        given: { argv: ["POST", "{origin}/x", "title=y", "--send"], stdin: "dev-null" },
        want: { code: 0, body: '{"title":"y"}' },
      },
    ],
    [
      "an empty pipe, closed: runs",
      {
        given: { argv: ["POST", "{origin}/x", "title=y", "--send"], stdin: "closed-empty" },
        want: { code: 0, body: '{"title":"y"}' },
      },
    ],
    [
      "an empty file as standard input: runs",
      {
        given: { argv: ["POST", "{origin}/x", "title=y", "--send"], stdin: { file: "empty.txt" } },
        want: { code: 0, body: '{"title":"y"}' },
      },
    ],
    [
      "a pipe left open with nothing in it (a CI runner): runs, never waits for it",
      {
        given: { argv: ["POST", "{origin}/x", "title=y", "--send"], stdin: "open-empty" },
        want: { code: 0, body: '{"title":"y"}' },
      },
    ],
  ])("%s", async (_title, { given, want }) => {
    const argv = given.argv.map((arg) => arg.replace("{origin}", origin));
    const stdin =
      typeof given.stdin === "object" && "file" in given.stdin
        ? { file: join(dir, given.stdin.file) }
        : given.stdin;
    const before = received.length;
    const result = await run(argv, stdin);
    expect(result.code, result.stderr).toBe(want.code);
    if (want.stderr !== undefined) expect(result.stderr).toMatch(want.stderr);
    if (want.body === null) expect(received.length).toBe(before);
    if (typeof want.body === "string") {
      expect(received.length).toBe(before + 1);
      expect(received.at(-1)?.body.toString()).toBe(want.body);
    }
  });
});

describe("HTTPie's file upload: name@FILE makes a multipart form", () => {
  it.each<[string, { given: string[]; want: unknown[] }]>([
    [
      "a text field and a file: the file's name, a type from its extension, its bytes",
      {
        given: ["{origin}/upload", "title=Hello", "file@photo.png"],
        want: [{ name: "title", value: "Hello" }, photoPart],
      },
    ],
    [
      "a type given with ;type=",
      {
        given: ["POST", "{origin}/upload", "doc@notes.txt;type=text/markdown"],
        want: [
          {
            name: "doc",
            filename: "notes.txt",
            type: "text/markdown",
            bytes: [...Buffer.from("line one\nline two\n")],
          },
        ],
      },
    ],
    [
      "an unknown extension: application/octet-stream",
      {
        given: ["PUT", "{origin}/upload", "blob@blob.xyz"],
        want: [{ name: "blob", filename: "blob.xyz", type: "application/octet-stream", bytes: [1, 2, 3] }],
      },
    ],
    [
      "two files under one name (files[]@), a list of text fields, a path parameter and a query item",
      {
        given: [
          "POST",
          "{origin}/repos/{owner}/upload",
          "owner=o",
          "files[]@photo.png",
          "files[]@blob.xyz",
          "tag=a",
          "tag=b",
          "dry==1",
        ],
        want: [
          { ...photoPart, name: "files" },
          { name: "files", filename: "blob.xyz", type: "application/octet-stream", bytes: [1, 2, 3] },
          { name: "tag", value: "a" },
          { name: "tag", value: "b" },
        ],
      },
    ],
  ])("%s", async (_title, { given, want }) => {
    const argv = given.map((arg) => arg.replace("{origin}", origin));
    const before = received.length;
    const sent = await runBuilt([...argv, "--send"], { cwd: dir });
    expect(sent.code, sent.stderr).toBe(0);
    expect(received.length).toBe(before + 1);
    const request = received.at(-1) as Received;
    expect(request.method).toBe(argv[0] === "PUT" ? "PUT" : "POST");
    if (argv.includes("owner=o")) expect(request.target).toBe("/repos/o/upload?dry=1");
    expect(await parts(request.headers["content-type"], request.body)).toStrictEqual(want);

    // --format curl prints a command that sends the same parts (run by sh, in the same folder).
    const curl = await runBuilt([...argv, "--format", "curl"], { cwd: dir });
    expect(curl.code, curl.stderr).toBe(0);
    expect(curl.stdout).toMatch(/ -F '/);
    const ran = await new Promise<number>((resolve) => {
      spawn("sh", ["-c", curl.stdout], { cwd: dir, stdio: "ignore" }).on("close", (code) =>
        resolve(code ?? -1),
      );
    });
    expect(ran).toBe(0);
    const byCurl = received.at(-1) as Received;
    expect(received.length).toBe(before + 2);
    expect(byCurl.target).toBe(request.target);
    expect(await parts(byCurl.headers["content-type"], byCurl.body)).toStrictEqual(want);

    // --format http prints the message fetch sends: the parts are the same, boundary aside.
    const raw = (await runBuiltBytes([...argv, "--format", "http"], { cwd: dir })).stdoutBytes;
    const split = raw.indexOf("\r\n\r\n");
    const head = raw.subarray(0, split).toString("latin1");
    expect(head).toMatch(
      new RegExp(`^${request.method} ${request.target.replace(/[?]/g, "\\?")} HTTP/1\\.1\r\n`),
    );
    const type = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1];
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    expect(raw.subarray(split + 4).length).toBe(length);
    expect(await parts(type, raw.subarray(split + 4))).toStrictEqual(want);

    // --format json shows each part, files as base64.
    const json = await runBuilt(argv, { cwd: dir });
    expect(json.code, json.stderr).toBe(0);
    const shown = (JSON.parse(json.stdout) as { body: { multipart: Record<string, unknown>[] } }).body
      .multipart;
    expect(
      shown.map((part) =>
        "base64" in part
          ? {
              name: part.name,
              filename: part.filename,
              type: part.type,
              bytes: [...Buffer.from(part.base64 as string, "base64")],
            }
          : part,
      ),
    ).toStrictEqual(want);
  });

  /** The standard output of a run as bytes (a raw message is Latin-1 and bytes). */
  it.each<[string, { given: string[]; want: RegExp }]>([
    ["a file that does not exist", { given: ["POST", "/x", "file@missing.png"], want: /missing\.png/ }],
    ["a folder", { given: ["POST", "/x", "file@folder"], want: /not a regular file/ }],
    [
      "a FIFO, without waiting for a writer",
      { given: ["POST", "/x", "file@fifo"], want: /not a regular file/ },
    ],
    ["a FIFO as --input", { given: ["POST", "/x", "--input", "fifo"], want: /not a regular file/ }],
    [
      "a file past 256 MiB",
      { given: ["POST", "/x", "--input", "huge.bin"], want: /larger than 268435456 bytes/ },
    ],
    ["a path that names no file", { given: ["POST", "/x", "file@."], want: /names no file/ }],
    [
      "beside a --data body",
      {
        given: ["POST", "/x", "--data", "{}", "file@photo.png"],
        want: /multipart.*--data|--data.*multipart/,
      },
    ],
    ["on a GET", { given: ["GET", "/x", "file@photo.png"], want: /GET/ }],
    [
      "beside a typed item, which a form cannot carry",
      { given: ["POST", "/x", "n:=5", "file@photo.png"], want: /n:=5/ },
    ],
    ["nested", { given: ["POST", "/x", "user[photo]@photo.png"], want: /user\[photo\]/ }],
    [
      "beside a Content-Type item",
      { given: ["POST", "/x", "Content-Type:text/plain", "file@photo.png"], want: /Content-Type/i },
    ],
    [
      "a type that is no media type",
      { given: ["POST", "/x", "file@photo.png;type=not a type"], want: /type/ },
    ],
  ])("refused, exit 2, one line: %s", async (_title, { given, want }) => {
    const result = await runBuilt(given, { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^rest-endpoint: [^\n]*\n$/);
    expect(result.stderr).toMatch(want);
  });

  it("a backslash keeps @ literal: a\\@b=c is the string parameter a@b", async () => {
    const result = await runBuilt(["POST", "/x", "a\\@b=c"]);
    expect(JSON.parse(result.stdout).body).toStrictEqual({ "a@b": "c" });
  });

  it("a described multipart route (--operations) sends name@FILE as a file part with its filename", async () => {
    const before = received.length;
    const result = await runBuilt(
      [
        "POST",
        "/pets/{id}/photo",
        "id=7",
        "caption=hi",
        "photo@photo.png",
        "--operations",
        "pets.json",
        "--base-url",
        origin,
        "--send",
      ],
      { cwd: dir },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(received.length).toBe(before + 1);
    const request = received.at(-1) as Received;
    expect(request.target).toBe("/pets/7/photo");
    expect(await parts(request.headers["content-type"], request.body)).toStrictEqual([
      { name: "caption", value: "hi" },
      { ...photoPart, name: "photo" },
    ]);
  });
});
