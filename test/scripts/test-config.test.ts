// The test configuration's lists hold to the files they describe.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { OWN_GRAPH } from "../own-graph.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith(".test.ts") ? [relative(ROOT, path)] : [];
  });
}

// What changes a module or a global for the file that asks, and would leak into the next file
// of a shared module graph.
const REPLACES = /\bvi\.(?:mock|doMock|unmock|stubGlobal|stubEnv|resetModules|useFakeTimers)\(/;

describe("the module graphs of the test projects", () => {
  it("OWN_GRAPH lists exactly the files that replace a module or a global", () => {
    const replacing = testFiles(join(ROOT, "test"))
      .filter((file) => REPLACES.test(readFileSync(join(ROOT, file), "utf8")))
      .sort();
    expect([...OWN_GRAPH].sort()).toStrictEqual(replacing);
  });
});
