import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findCycles, importGraph, importSpecifiers } from "../../scripts/check-import-cycles.js";

const SRC = new URL("../../src", import.meta.url).pathname;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The circles of a folder made of `files` (path to text), as paths relative to it. */
function cyclesOf(files: Record<string, string>): string[][] {
  const folder = mkdtempSync(join(tmpdir(), "import-cycles-"));
  folders.push(folder);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, ".."), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return findCycles(importGraph(folder)).map((cycle) => cycle.map((file) => file.slice(folder.length + 1)));
}

describe("scripts/check-import-cycles.js", () => {
  it("finds no import circle in src/, type-only imports included", () => {
    const cycles = findCycles(importGraph(SRC)).map((cycle) =>
      cycle.map((file) => file.slice(SRC.length)).join(" -> "),
    );
    expect(cycles).toEqual([]);
  });

  it("reads every kind of import and re-export, and no import named in a comment", () => {
    const text = [
      'import { a } from "./a.js";',
      'import type { B } from "../b.js";',
      "import {\n  type C,\n  d,\n} from './c.js';",
      'export * from "./e.js";',
      'export type { F } from "./f.js";',
      'import "./g.js";',
      'const h = await import("./h.js");',
      'type I = import("./i.js").I;',
      'import { node } from "node:fs";',
      '// import { j } from "./j.js";',
      '/* export * from "./k.js"; */',
    ].join("\n");
    expect(importSpecifiers(text)).toEqual([
      "./a.js",
      "../b.js",
      "./c.js",
      "./e.js",
      "./f.js",
      "./g.js",
      "./h.js",
      "./i.js",
    ]);
  });

  it("reports a circle of type-only imports across folders, once, as a path back to its start", () => {
    expect(
      cyclesOf({
        "types/request.ts": 'import type { Table } from "../route/table.js";\nexport type R = Table;\n',
        "route/table.ts": 'import { compile } from "./compile.js";\nexport interface Table {}\n',
        "route/compile.ts": 'import type { R } from "../types/request.js";\nexport const compile = 1;\n',
        "route/leaf.ts": 'import { compile } from "./compile.js";\n',
      }),
    ).toEqual([["route/compile.ts", "types/request.ts", "route/table.ts", "route/compile.ts"]]);
  });

  it("reports re-exports, folder indexes and a file that imports itself", () => {
    expect(
      cyclesOf({
        "a.ts": 'export * from "./b/index.js";\n',
        "b/index.ts": 'export { a } from "../a.js";\n',
        "self.ts": 'import type { S } from "./self.js";\nexport type S = string;\n',
      }),
    ).toEqual([
      ["a.ts", "b/index.ts", "a.ts"],
      ["self.ts", "self.ts"],
    ]);
  });

  it("finds nothing where imports only run one way", () => {
    expect(
      cyclesOf({
        "a.ts": 'import { b } from "./b.js";\nimport { c } from "./c.js";\n',
        "b.ts": 'import { c } from "./c.js";\n',
        "c.ts": "export const c = 1;\n",
      }),
    ).toEqual([]);
  });
});
