// A compiler's errors as its command line prints them, for tests that compile a folder with
// TypeScript 7 or 5.9 (the editor test, the typed field test).
import { execFileSync } from "node:child_process";

/** One error: its file, its 0-based line, its code, and its message lines joined by "\n". */
export interface CompilerDiagnostic {
  file: string;
  line: number;
  code: number;
  message: string;
}

/**
 * A compiler's errors for the folder's tsconfig.json, as its command line (`tsc`, the path of
 * either compiler's) prints them; a line of another kind is kept as an error of no file.
 */
export function commandLineDiagnostics(tsc: string, folder: string): CompilerDiagnostic[] {
  let output = "";
  try {
    output = execFileSync(
      process.execPath,
      ["--max-old-space-size=6144", tsc, "-p", folder, "--pretty", "false"],
      {
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      },
    );
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const found: CompilerDiagnostic[] = [];
  for (const line of output.split("\n")) {
    const head = /^(.+?)\((\d+),\d+\): error TS(\d+): (.*)$/.exec(line);
    if (head !== null) {
      found.push({
        file: head[1] as string,
        line: Number(head[2]) - 1,
        code: Number(head[3]),
        message: head[4] as string,
      });
    } else if (line.startsWith("  ") && found.length > 0) {
      (found[found.length - 1] as CompilerDiagnostic).message += `\n${line.trim()}`;
    } else if (line.trim() !== "") {
      found.push({ file: "", line: -1, code: 0, message: line });
    }
  }
  return found;
}
