import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };

const SRC = new URL("../src/", import.meta.url);
/** The command line may use Node; everything else must run unchanged in any runtime. */
const NODE_ONLY = new Set(["cli.ts", "bin.ts"]);

describe("package", () => {
  it("library code uses no Node built-ins", () => {
    const files = readdirSync(SRC).filter((file) => file.endsWith(".ts") && !NODE_ONLY.has(file));
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const text = readFileSync(new URL(file, SRC), "utf8");
      expect(text, file).not.toMatch(/from "node:|require\(|\bprocess\.|\bBuffer\b|__dirname/);
      expect(text, file).not.toMatch(/from "\.\/(cli|bin)\.js"/);
    }
  });

  it("has no runtime dependencies and the exports the spec names", () => {
    expect(packageJson).not.toHaveProperty("dependencies");
    expect(packageJson.type).toBe("module");
    expect(packageJson.sideEffects).toBe(false);
    expect(packageJson.engines.node).toBe(">=20");
    expect(Object.keys(packageJson.exports)).toEqual([".", "./uri-template", "./package.json"]);
    expect(Object.keys(packageJson.exports["."])[0]).toBe("types");
    expect(Object.keys(packageJson.exports["./uri-template"])[0]).toBe("types");
  });

  it("the user-agent and VERSION carry package.json's version", async () => {
    const { endpoint, VERSION } = await import("../src/index.js");
    expect(VERSION).toBe(packageJson.version);
    expect(endpoint.DEFAULTS.headers["user-agent"]).toBe(`rest-endpoint/${packageJson.version}`);
  });

  it("the executable is built and marked executable", () => {
    const bin = new URL(`../${packageJson.bin["rest-endpoint"]}`, import.meta.url);
    expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(statSync(bin).mode & 0o111).not.toBe(0);
  });

  it("packs only what a user needs", () => {
    const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      encoding: "utf8",
    });
    const files =
      (JSON.parse(output) as { files: { path: string }[] }[])[0]?.files.map((file) => file.path) ?? [];
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/uri-template.js");
    expect(files).toContain("dist/bin.js");
    expect(files).toContain("README.md");
    expect(files).toContain("LICENSE");
    for (const file of files)
      expect(file).toMatch(/^(dist\/[\w-]+\.(js|d\.ts)|README\.md|LICENSE|package\.json)$/);
  });
});
