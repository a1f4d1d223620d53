// The built executable, run as a user runs it: an environment of its own (PATH only, plus what a
// test gives), its exit status and its output.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/** What a run of `rest-endpoint` gives back. */
export interface ExecutableResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `rest-endpoint ...argv` with `env` (and PATH) as its whole environment. */
export function runExecutable(
  argv: readonly string[],
  env: Record<string, string> = {},
): Promise<ExecutableResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...argv],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "", ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stdout, stderr });
      },
    );
  });
}
