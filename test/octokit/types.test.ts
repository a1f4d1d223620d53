// The drop-in's types satisfy @octokit/types' EndpointInterface, so @octokit/core and its plugins
// type-check against it: tsc over test/octokit-stack/types, and a file that must not compile.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

const root = new URL("../../", import.meta.url);
const tsc = new URL("node_modules/typescript/bin/tsc", root).pathname;

/** tsc's output for a project, empty when it type-checks. */
function typeCheck(project: string): string {
  try {
    execFileSync(process.execPath, [tsc, "-p", project], { cwd: root, encoding: "utf8" });
    return "";
  } catch (error) {
    return String((error as { stdout?: string }).stdout);
  }
}

test("EndpointInterface and RequestInterface['endpoint'] accept the drop-in's endpoint", () => {
  expect(typeCheck("test/octokit-stack/types")).toBe("");
});

test("the check has teeth: a wrong use of the drop-in fails to compile", () => {
  const project = new URL("test/octokit-stack/types/", root).pathname;
  try {
    const source = readFileSync(join(project, "endpoint-interface.ts"), "utf8").replace(
      'const url: string = derived.merge("GET /user").url;',
      'const url: number = derived.merge("GET /user").url;',
    );
    writeFileSync(join(project, "wrong.ts"), source);
    const config = JSON.parse(readFileSync(join(project, "tsconfig.json"), "utf8"));
    config.files = ["wrong.ts"];
    writeFileSync(join(project, "tsconfig.wrong.json"), JSON.stringify(config));
    expect(typeCheck("test/octokit-stack/types/tsconfig.wrong.json")).toMatch(
      /wrong\.ts.*not assignable to type 'number'/,
    );
  } finally {
    rmSync(join(project, "wrong.ts"), { force: true });
    rmSync(join(project, "tsconfig.wrong.json"), { force: true });
  }
});
