// rest-endpoint-openapi's sources stand alone: they import each other, Node's built-ins and the
// dependencies its package.json names, never the runtime package's files; and the runtime
// package reaches it only by its name, as an optional package (the CLI's `generate`).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findCycles, importGraph, importSpecifiers } from "../../scripts/check-import-cycles.js";

const ROOT = new URL("../../", import.meta.url).pathname;
const SOURCES = join(ROOT, "packages", "openapi", "src");
const MANIFEST = JSON.parse(readFileSync(join(ROOT, "packages", "openapi", "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};

/** Every bare or relative specifier imported by the `.ts` files under `folder`, by file. */
function imports(folder: string): [string, string[]][] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => [file, importSpecifiers(readFileSync(join(folder, file), "utf8"))]);
}

/** Every `import ... from "x"` of a file's code, bare specifiers included (importSpecifiers keeps relative ones). */
function allSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g, "");
  return [...code.matchAll(/\bfrom\s*["']([^"']+)["']/g)].map((match) => match[1] ?? "");
}

describe("rest-endpoint-openapi's sources", () => {
  it("hold no import circle", () => {
    expect(findCycles(importGraph(SOURCES))).toEqual([]);
  });

  it("import only each other, Node's built-ins and the package's own dependencies", () => {
    const allowed = new Set(Object.keys(MANIFEST.dependencies));
    const strays: string[] = [];
    for (const [file, relative] of imports(SOURCES)) {
      for (const specifier of relative) if (!specifier.startsWith("./")) strays.push(`${file}: ${specifier}`);
      const text = readFileSync(join(SOURCES, file), "utf8");
      for (const specifier of allSpecifiers(text)) {
        if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
        if (!allowed.has(specifier)) strays.push(`${file}: ${specifier}`);
      }
    }
    expect(strays).toEqual([]);
    expect(allowed).toEqual(new Set(["yaml", "@scalar/openapi-upgrader"]));
  });

  it("are imported by no file of the runtime package, which names the package only", () => {
    const reaching = imports(join(ROOT, "src"))
      .filter(([, specifiers]) => specifiers.some((specifier) => specifier.includes("packages/openapi")))
      .map(([file]) => file);
    expect(reaching).toEqual([]);
  });
});
