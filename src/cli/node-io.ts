// This process's side of the command line: its standard streams, files, environment, fetch and
// module loader, as `runCli` asks for them. The executable (bin.ts) runs the command with it; a
// test runs the built command in its own process with it, changing only what it must observe.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { maskedText } from "../shared/masked-url.js";
import { escapeControls } from "./escape-controls.js";
import { LOADER_PACKAGE } from "./generate-command.js";
import { JQ_PACKAGE } from "./print-response.js";
import { type CliIo, runCli } from "./run-cli.js";
import { UsageError } from "./usage-error.js";
import { writeOutFile } from "./write-out-file.js";

/** The largest file read as a body or a value: 256 MiB. */
const MAX_FILE = 256 * 1024 * 1024;

/**
 * All of file descriptor `fd`, up to `max` bytes: past them it throws, as a file too large to
 * send would, rather than hold without limit what a pipe brings. A pipe that is not ready yet is
 * waited for.
 *
 * @example
 * readCapped(0, 256 * 1024 * 1024); // standard input's bytes
 */
export function readCapped(fd: number, max: number, name = "standard input"): Uint8Array {
  const chunks: Uint8Array[] = [];
  const chunk = new Uint8Array(64 * 1024);
  let total = 0;
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      continue;
    }
    if (read === 0) break;
    total += read;
    if (total > max) throw new Error(`${name} is larger than ${max} bytes`);
    chunks.push(chunk.slice(0, read));
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of chunks) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * A regular file's bytes, of a size a request can carry: /dev/zero or a FIFO would never end.
 * The file is opened once (without waiting for a FIFO's writer) and what is checked is what is
 * read: a file swapped for a link or grown after a check is still read through the one
 * descriptor, and never past the cap.
 */
function readFile(path: string): Uint8Array {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
    if (stat.size > MAX_FILE) throw new Error(`${path} is larger than ${MAX_FILE} bytes`);
    return readCapped(fd, MAX_FILE, path);
  } finally {
    closeSync(fd);
  }
}

/**
 * The line for an error nobody expected (a bug, a module of --operations that throws, an engine
 * limit): one line, never a stack trace, whose lines could hold what a server sent and drive
 * the terminal.
 */
export function failureLine(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    text = "an unknown error";
  }
  return `rest-endpoint: ${escapeControls(maskedText(text.slice(0, 1000)))}\n`;
}

/**
 * Runs the command line with `io`; resolves to its exit status, 1 with `failureLine` on
 * standard error when the command fails in a way nobody expected.
 *
 * @example
 * const status = await runNodeCli(["GET /user"], nodeIo());
 */
export function runNodeCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runCli(argv, io).catch((error: unknown) => {
    io.stderr(failureLine(error));
    return 1;
  });
}

/**
 * Whether standard input holds data now, looked at without waiting: a terminal is not looked
 * at (it is the user, not data); a regular file (`< body.json`) has data when one byte can be
 * read; a pipe or socket has data when the first turns of the event loop bring some, and is
 * empty when they bring its end. A pipe with nothing in it yet is not waited for: a CI runner
 * may leave one open for ever, and the command must never hang on it. /dev/null and other
 * devices are no data. A pipe or socket is closed once looked at (the command reads none of it),
 * so that neither a writer holding it open nor data still coming keeps the process up.
 */
function stdinHasData(): Promise<boolean> {
  let stat: ReturnType<typeof fstatSync>;
  try {
    stat = fstatSync(0);
  } catch {
    // no standard input at all (closed)
    return Promise.resolve(false);
  }
  if (stat.isFile()) {
    try {
      return Promise.resolve(readSync(0, new Uint8Array(1), 0, 1, null) > 0);
    } catch {
      return Promise.resolve(false);
    }
  }
  if (!stat.isFIFO() && !stat.isSocket()) return Promise.resolve(false);
  return new Promise((resolve) => {
    const input = process.stdin;
    let done = false;
    const finish = (hasData: boolean): void => {
      if (done) return;
      done = true;
      // Asked only when the command reads none of standard input: closed here, so that a writer
      // who keeps the pipe open cannot keep the process alive. Pausing is not enough: a paused
      // stream reads on up to its buffer's size, and a read in flight keeps the event loop up.
      input.removeAllListeners("data");
      input.on("error", () => {});
      input.destroy();
      resolve(hasData);
    };
    input.on("data", () => finish(true));
    input.once("end", () => finish(false));
    input.once("error", () => finish(false));
    // Two turns: the read starts on the first, and data already in the pipe arrives in the second.
    setImmediate(() => setImmediate(() => finish(false)));
  });
}

/**
 * This process's io: standard output and error, standard input, regular files, the environment,
 * the runtime's fetch, Node's module loader and the optional packages.
 *
 * @example
 * process.exitCode = await runNodeCli(process.argv.slice(2), nodeIo());
 */
export function nodeIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    // Plain bytes: a Buffer's toJSON would print it as { type: "Buffer", data: [...] }.
    readStdin: () => readCapped(0, MAX_FILE),
    readFile,
    // `generate --out gen/api.js`: through no symbolic link, a folder not made yet made.
    writeFile: (path, text) => writeOutFile(path, text),
    stdinHasData,
    fetch: (url, init) => fetch(url, init),
    env: (name) => process.env[name],
    isTerminal: process.stdout.isTTY === true,
    isStderrTerminal: process.stderr.isTTY === true,
    // --operations: a module by path, or one generated here, which imports this package's entry.
    importModule: (specifier) =>
      import(specifier.startsWith("data:") ? specifier : pathToFileURL(resolve(specifier)).href),
    operationsUrl: new URL("./operations.js", import.meta.url).href,
    jq: async (json, filter) => {
      // Optional: jq compiled to WebAssembly, only for --jq.
      let jq: { raw(data: string, filter: string, flags?: string[]): Promise<string> };
      try {
        jq = await import(JQ_PACKAGE);
      } catch {
        throw new UsageError(`--jq needs the package ${JQ_PACKAGE}: npm install ${JQ_PACKAGE}`);
      }
      return jq.raw(json, filter, ["-r"]);
    },
    loadDescription: async (path) => {
      // Optional, and build-time only: its dependencies stay out of this package's install.
      let loader: { loadDescription(path: string): Promise<unknown> };
      try {
        loader = await import(LOADER_PACKAGE);
      } catch {
        return undefined;
      }
      return loader.loadDescription(path);
    },
  };
}
