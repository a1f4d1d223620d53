import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  findCycles,
  importGraph,
  importSpecifiers,
  ladderBreaks,
  readLadder,
} from "../../scripts/check-import-cycles.js";

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

/** A folder made of `files` (path to text), removed after the tests. */
function plant(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "import-ladder-"));
  folders.push(folder);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, ".."), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

/** The imports of a folder made of `files` that run against `ladder`, as paths relative to it. */
function breaksOf(files: Record<string, string>, ladder: string[]): string[][] {
  const folder = plant(files);
  return ladderBreaks(importGraph(folder), folder, ladder).map((pair) =>
    pair.map((file) => file.slice(folder.length + 1)),
  );
}

const SCRIPT = new URL("../../scripts/check-import-cycles.js", import.meta.url).pathname;
const ARCHITECTURE = readFileSync(new URL("../../docs/architecture.md", import.meta.url), "utf8");

/** The script run from inside `folder` with `args`: its exit status and what it printed. */
function runScript(folder: string, args: string[] = []): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: folder, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("scripts/check-import-cycles.js: the ladder of folders", () => {
  it("reads the ladder from docs/architecture.md, every folder of src/ on it once", () => {
    const ladder = readLadder(ARCHITECTURE);
    expect(ladder.slice(0, 2)).toEqual(["shared", "errors"]);
    expect(ladder.at(-1)).toBe("cli");
    expect(new Set(ladder).size).toBe(ladder.length);
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...folders, "*.ts"].sort()).toEqual([...ladder].sort());
  });

  it("finds no import against the ladder in src/, type-only imports included", () => {
    const breaks = ladderBreaks(importGraph(SRC), SRC, readLadder(ARCHITECTURE)).map((pair) =>
      pair.map((file) => file.slice(SRC.length)).join(" -> "),
    );
    expect(breaks).toEqual([]);
  });

  it.each([
    [
      "a numbered list of code spans under its heading, the top of the folder as *.ts",
      {
        given:
          "# A\n\n## The ladder of folders\n\nProse `x/`.\n\n1. `shared/`: low.\n2. `options/`: core.\n10. `*.ts`: entries.\n\n## Next\n\n1. `cli/`\n",
        want: ["shared", "options", "*.ts"],
      },
    ],
    ["nothing without the heading", { given: "# A\n\n1. `shared/`\n", want: [] }],
    [
      "the last section of the file",
      { given: "## The ladder of folders\n1. `a/`\n2. `b`", want: ["a", "b"] },
    ],
  ])("reads the ladder: %s", (_title, { given, want }) => {
    expect(readLadder(given)).toEqual(want);
  });

  it("reports each import up the ladder, type-only and dynamic ones included, and a folder not on it", () => {
    expect(
      breaksOf(
        {
          "shared/object.ts": 'import type { E } from "../errors/error.js";\nexport const o = 1;\n',
          "errors/error.ts": 'import { o } from "../shared/object.js";\nexport type E = typeof o;\n',
          "options/merge.ts":
            'import { t } from "./tables.js";\nconst l = await import("../operations/load.js");\n',
          "options/tables.ts": "export const t = 1;\n",
          "operations/load.ts": 'import { t } from "../options/tables.js";\nexport { t };\n',
          "index.ts": 'export * from "./operations/load.js";\nexport * from "./options/merge.js";\n',
          "stray/helper.ts": 'import { o } from "../shared/object.js";\n',
        },
        ["shared", "errors", "options", "operations", "*.ts"],
      ),
    ).toEqual([
      ["options/merge.ts", "operations/load.ts"],
      ["shared/object.ts", "errors/error.ts"],
      ["stray/helper.ts"],
    ]);
  });

  it("fails on a back-edge planted in a copy of the ladder's folders, and passes without it and on src/", () => {
    const files = {
      "shared/object.ts": "export const isObject = (value: unknown) => typeof value === 'object';\n",
      "errors/endpoint-error.ts": 'import { isObject } from "../shared/object.js";\nexport { isObject };\n',
      "options/operation-tables.ts": "export const OPERATION_TABLES = new WeakMap();\n",
      "options/merge.ts":
        'import { OPERATION_TABLES } from "./operation-tables.js";\nexport { OPERATION_TABLES };\n',
      "operations/describe.ts":
        'import { OPERATION_TABLES } from "../options/operation-tables.js";\nexport { OPERATION_TABLES };\n',
      "index.ts": 'export * from "./options/merge.js";\n',
    };
    expect(runScript(plant(files), ["."])).toEqual({ status: 0, output: "" });

    const planted = plant({
      ...files,
      "shared/object.ts": `import type { EndpointError } from "../errors/endpoint-error.js";\n${files["shared/object.ts"]}`,
      "options/merge.ts": `import type { Loaded } from "../operations/describe.js";\n${files["options/merge.ts"]}`,
    });
    const { status, output } = runScript(planted, ["."]);
    expect(status).toBe(1);
    expect(output).toContain(
      "options/merge.ts -> operations/describe.ts: options/ imports operations/, higher on the ladder of folders",
    );
    expect(output).toContain(
      "shared/object.ts -> errors/endpoint-error.ts: shared/ imports errors/, higher on the ladder of folders",
    );
    expect(output).toContain("2 import(s) against the ladder of folders");
    // The planted back-edge to errors/ closes a circle too.
    expect(output).toContain("1 import circle(s)");

    expect(runScript(new URL("../..", import.meta.url).pathname)).toEqual({ status: 0, output: "" });
  });
});
