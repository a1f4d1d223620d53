// The built command line, run as a user runs it: `runExecutable` starts dist/bin.js in a process
// of its own (an environment of its own: PATH only, plus what a test gives); `runBuilt` runs the
// same built code (dist/node-io.js, which bin.js runs) in this process, with the io the
// executable has but for what the test observes or sets: its output, environment and standard
// input. Table rows use `runBuilt` (a process costs about 0.3 CPU-s, a row here a few ms); what
// only a process shows (its streams, its exit, a pipe held open) uses `runExecutable`.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CliIo } from "../../src/cli/run-cli.js";

const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
const NODE_IO = new URL("../../dist/node-io.js", import.meta.url).href;

/** What a run of `rest-endpoint` gives back. */
export interface ExecutableResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** What a run may set: its environment (PATH is added), the bytes piped to standard input, and
 * the folder relative paths are read from. */
export interface RunOptions {
  readonly env?: Record<string, string>;
  readonly stdin?: string | Uint8Array;
  readonly cwd?: string;
}

/** A run in this process, with standard output's bytes as written. */
export interface BuiltBytes {
  readonly code: number;
  readonly stdoutBytes: Buffer;
  readonly stderr: string;
}

/** Runs `rest-endpoint ...argv` with `env` (and PATH) as its whole environment. */
export function runExecutable(
  argv: readonly string[],
  env: Record<string, string> = {},
  stdin?: string | Uint8Array,
): Promise<ExecutableResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...argv],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stdout, stderr });
      },
    );
    child.stdin?.end(stdin);
  });
}

interface NodeIoModule {
  nodeIo(): CliIo;
  runNodeCli(argv: readonly string[], io: CliIo): Promise<number>;
}

// dist/ is loaded by Node's own loader, not the test runner's (vitest.config.ts externalizes it):
// the built modules, and the modules `--operations` generates (which import dist/operations.js),
// are then one module graph, as in the executable.
let built: Promise<NodeIoModule> | undefined;

/** Runs the built `rest-endpoint ...argv` in this process, as `runExecutable` runs it. */
export async function runBuilt(argv: readonly string[], options: RunOptions = {}): Promise<ExecutableResult> {
  const { code, stdoutBytes, stderr } = await runBuiltBytes(argv, options);
  return { code, stdout: stdoutBytes.toString("utf8"), stderr };
}

/** `runBuilt`, with standard output as bytes. */
export async function runBuiltBytes(argv: readonly string[], options: RunOptions = {}): Promise<BuiltBytes> {
  built ??= import(/* @vite-ignore */ NODE_IO) as Promise<NodeIoModule>;
  const { nodeIo, runNodeCli } = await built;
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", ...options.env };
  const input = typeof options.stdin === "string" ? new TextEncoder().encode(options.stdin) : options.stdin;
  const out: Uint8Array[] = [];
  let stderr = "";
  const io: CliIo = {
    ...nodeIo(),
    stdout: (text) => {
      out.push(typeof text === "string" ? new TextEncoder().encode(text) : text.slice());
    },
    stderr: (text) => {
      stderr += text;
    },
    env: (name) => (Object.hasOwn(env, name) ? env[name] : undefined),
    readStdin: () => input ?? new Uint8Array(),
    stdinHasData: () => Promise.resolve(input !== undefined && input.length > 0),
    isTerminal: false,
    isStderrTerminal: false,
  };
  // The test's process is the command's: its folder is changed for the run (tests of a file run
  // one at a time, in a process of their own).
  const folder = process.cwd();
  if (options.cwd !== undefined) process.chdir(options.cwd);
  try {
    const code = await runNodeCli(argv, io);
    return { code, stdoutBytes: Buffer.concat(out), stderr };
  } finally {
    process.chdir(folder);
  }
}
