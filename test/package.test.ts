import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };
import { functionEvents } from "../scripts/function-events.js";
import { productionMessage } from "./helpers.js";

const SRC = new URL("../src/", import.meta.url);
/** The command line may use Node; everything else must run unchanged in any runtime. */
const NODE_ONLY = "cli/";

describe("package", () => {
  it("library code uses no Node built-ins", () => {
    const files = (readdirSync(SRC, { recursive: true }) as string[]).filter(
      (file) => file.endsWith(".ts") && !file.startsWith(NODE_ONLY),
    );
    expect(files.length).toBeGreaterThan(25);
    for (const file of files) {
      const text = readFileSync(new URL(file, SRC), "utf8");
      expect(text, file).not.toMatch(/from "node:|require\(|\bprocess\.|\bBuffer\b|__dirname/);
      expect(text, file).not.toMatch(/from "[./]*\/cli\//);
    }
  });

  it("has no runtime dependencies and the exports the spec names", () => {
    expect(packageJson).not.toHaveProperty("dependencies");
    expect(packageJson).not.toHaveProperty("optionalDependencies");
    expect(packageJson).not.toHaveProperty("peerDependencies");
    expect(packageJson.type).toBe("module");
    expect(packageJson.sideEffects).toBe(false);
    expect(packageJson.engines.node).toBe(">=20");
    expect(Object.keys(packageJson.exports)).toEqual([
      ".",
      "./adapters",
      "./uri-template",
      "./operations",
      "./github",
      "./generate",
      "./package.json",
    ]);
    // Types first; the production build for the `production` condition, full messages otherwise.
    for (const entry of ["index", "adapters", "uri-template", "operations", "github"]) {
      const subpath = entry === "index" ? "." : `./${entry}`;
      expect(packageJson.exports[subpath as "."]).toEqual({
        types: `./dist/${entry}.d.ts`,
        production: `./dist/production/${entry}.js`,
        development: `./dist/${entry}.js`,
        default: `./dist/${entry}.js`,
      });
    }
    // The generator runs at build time only: one build, its messages whole.
    expect(packageJson.exports["./generate"]).toEqual({
      types: "./dist/generate.d.ts",
      default: "./dist/generate.js",
    });
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
    expect(files).toContain("dist/production/index.js");
    expect(files).toContain("dist/production/uri-template.js");
    expect(files).toContain("dist/bin.js");
    expect(files).toContain("docs/errors.md");
    // Every document the README links to ships with it, so its links work where it is installed.
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const linked = [...readme.matchAll(/\]\((docs\/[\w-]+\.md)[#)]/g)].map((match) => match[1]);
    expect(linked.length).toBeGreaterThan(5);
    for (const doc of new Set(linked)) expect(files).toContain(doc);
    expect(files).toContain("README.md");
    expect(files).toContain("LICENSE");
    for (const file of files)
      expect(file).toMatch(
        /^(dist\/([a-z]+\/)?[\w-]+\.(js|d\.ts)|docs\/[a-z-]+\.md|README\.md|LICENSE|package\.json)$/,
      );
  });

  it("the production build has short messages, each pointing at a section of docs/errors.md", async () => {
    const production: typeof import("../src/index.js") = await import(
      new URL("../dist/production/index.js", import.meta.url).href
    );
    let error: unknown;
    try {
      production.endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" } as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(production.EndpointError);
    expect((error as Error).message).toBe(productionMessage("missing_parameter", undefined, "repo"));
    // No message text is left in the code (the first words of messages, as the sources write them).
    for (const file of readdirSync(new URL("../dist/production/", import.meta.url))) {
      const text = readFileSync(new URL(`../dist/production/${file}`, import.meta.url), "utf8");
      expect(text, file).not.toMatch(
        /Invalid (URI template|route|baseUrl|header name|url)|Missing parameter|Unsupported method|Parameter \$|Header \$|must be a|cannot be listed|which JSON cannot/,
      );
    }
  });

  it("the published declarations do not mention the build-time constant __DEV__", () => {
    const dist = new URL("../dist/", import.meta.url);
    const declarations = (readdirSync(dist, { recursive: true }) as string[]).filter((file) =>
      file.endsWith(".d.ts"),
    );
    expect(declarations.length).toBeGreaterThan(10);
    for (const file of declarations)
      expect(readFileSync(new URL(file, dist), "utf8"), file).not.toMatch(/__DEV__/);
  });

  it("docs/errors.md explains every error code, one section each", () => {
    const source = readFileSync(new URL("errors/endpoint-error.ts", SRC), "utf8");
    const union = /export type EndpointErrorCode =([^;]+);/.exec(source)?.[1] ?? "";
    const codes = [...union.matchAll(/"(\w+)"/g)].map((match) => match[1]);
    expect(codes.length).toBeGreaterThan(5);
    const docs = readFileSync(new URL("../docs/errors.md", import.meta.url), "utf8");
    const sections = [...docs.matchAll(/^## (\S+)$/gm)].map((match) => match[1]);
    expect(sections).toEqual(codes);
  });
});

describe("cold start", () => {
  it("the main entry loads two files: itself and core.js, which holds only what endpoint() needs", () => {
    const main = readFileSync(new URL("../dist/index.js", import.meta.url), "utf8");
    // The build minifies white space: `import{endpoint}from"./core.js"`.
    const imported = [...main.matchAll(/\bfrom\s*"([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(imported)).toEqual(new Set(["./core.js"]));
    expect(main.match(/\bimport\b/g)?.length).toBe(imported.length);
    const core = readFileSync(new URL("../dist/core.js", import.meta.url), "utf8");
    expect(core).not.toMatch(/\bimport\s*[{*"(]|\bfrom\s*"/);
    for (const name of ["toFetchArgs", "toCurl", "paginate", "describeOperations"]) {
      expect(core).not.toContain(`function ${name}(`);
    }
  });

  it("the functions an import and first call run are compiled as core.js loads, not one by one as they first run", () => {
    // V8 logs each lazy compilation ("parse-function") with the function's position: with the
    // build's eager functions (scripts/eager-first-call.js) almost none are left; without them,
    // about 19,000 bytes of functions are compiled one by one.
    const core = new URL("../dist/core.js", import.meta.url).href;
    const events = functionEvents(
      `const { endpoint } = await import(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)});
       endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });`,
      core,
    );
    expect(events.filter(({ event }) => event === "first-execution").length).toBeGreaterThan(20);
    const lazyBytes = events
      .filter(({ event }) => event === "parse-function")
      .reduce((sum, { start, end }) => sum + end - start, 0);
    expect(lazyBytes).toBeLessThan(1500);
  });

  it("importing the library and building a request does not load the runtime's fetch", () => {
    // Node defines FormData, Headers and fetch behind getters that load its HTTP client on
    // first read (about 15 ms): the library must read them only when a body needs them.
    const script = `
      const { endpoint } = await import(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)});
      const { toCurl } = await import(${JSON.stringify(new URL("../dist/adapters.js", import.meta.url).href)});
      toCurl(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" }));
      console.log(["FormData", "Headers"].map((name) => typeof Object.getOwnPropertyDescriptor(globalThis, name)?.get).join());`;
    expect(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).trim(),
    ).toBe("function,function");
  });
});
