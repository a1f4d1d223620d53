// `rest-endpoint generate DESCRIPTION` without --out prints the module: on a terminal, names
// from the description (info.title and info.version in the header comment, a parameter's name
// in the routes) are escaped as everything else the command line prints there; on a pipe the
// module stays byte for byte, so `> api.js` works. Runs the built executable (npm run build)
// under a pseudo-terminal made by script(1).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateOperations } from "../../src/generate/index.js";
import { runExecutable } from "./run-executable.js";

const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-generate-tty-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every character that drives a terminal: C0 but for tab and line feed, DEL, C1, bidi. */
const DRIVING =
  "\u001b\u007f\u0080\u009b\u009c\u009d\u009f\u061c\u200e\u200f\u2028\u2029\u202a\u202e\u2066\u2069";
const description = {
  openapi: "3.1.0",
  info: {
    title: `T\u009b31m\u009d0;x\u009c\u200f\u007f\u001b[2J\u2028${DRIVING}`,
    version: `1\u009b\u2029${DRIVING}`,
  },
  servers: [{ url: "https://a.example" }],
  paths: {
    "/a": {
      get: {
        operationId: "getA",
        parameters: [{ name: `q\u009b\u2028${DRIVING}`, in: "query", schema: { type: "string" } }],
      },
    },
  },
};
const file = join(dir, "openapi.json");
writeFileSync(file, JSON.stringify(description));

let script = true;
try {
  execFileSync("script", ["--version"], { stdio: "ignore" });
} catch {
  script = false;
}

/** `rest-endpoint generate FILE` under a pseudo-terminal: what it printed there. */
function onTerminal(): string {
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} generate ${JSON.stringify(file)}`;
  return execFileSync("script", ["-qec", command, "/dev/null"], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", TERM: "dumb" },
  });
}

describe("generate without --out", () => {
  it.skipIf(!script)("prints nothing that drives a terminal on one", () => {
    const printed = onTerminal();
    expect(printed).toContain("export const");
    // The pseudo-terminal writes each line feed as CR LF: those are its own.
    const unsafe = [...printed.replaceAll("\r\n", "\n")].filter((char) => {
      const code = char.codePointAt(0) as number;
      return (
        (code < 0x20 && code !== 9 && code !== 10) ||
        (code >= 0x7f && code <= 0x9f) ||
        [0x61c, 0x200e, 0x200f].includes(code) ||
        (code >= 0x2028 && code <= 0x202e) ||
        (code >= 0x2066 && code <= 0x2069) ||
        (code >= 0xd800 && code <= 0xdfff)
      );
    });
    expect(unsafe).toEqual([]);
    expect(printed).toContain("\\u009b");
  });

  it("prints the module byte for byte on a pipe", async () => {
    const result = await runExecutable(["generate", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(generateOperations(description).module);
    expect(result.stdout).toContain("\u009b");
  });
});
