// `rest-endpoint generate`, run as a user runs it: the built command line, files in a scratch folder.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { readDescriptionText } from "rest-endpoint-openapi";
import { afterAll, describe, expect, it } from "vitest";
import { GENERATE_HELP } from "../../src/cli/generate-command.js";
import { generateOperations } from "../../src/generate/index.js";
import { type ExecutableResult, runBuilt } from "./run-executable.js";

const OPERATIONS = pathToFileURL(fileURLToPath(new URL("../../dist/operations.js", import.meta.url))).href;
const GALAXY = fileURLToPath(new URL("../../node_modules/@scalar/galaxy/dist/3.1.yaml", import.meta.url));
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-generate-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The built command line, run in this process. */
const cli = (argv: string[]): Promise<ExecutableResult> => runBuilt(argv);

describe("rest-endpoint generate", () => {
  it("writes the module and its types, and the module drives a builder", async () => {
    const out = join(scratch, "galaxy.js");
    const result = await cli([
      "generate",
      GALAXY,
      "--out",
      out,
      "--name",
      "Galaxy",
      "--import-from",
      OPERATIONS,
    ]);
    expect(result).toMatchObject({ code: 0, stdout: "" });
    expect(result.stderr).toBe(
      `rest-endpoint generate: 10 operations written to ${out} and ${join(scratch, "galaxy.d.ts")}\n`,
    );
    const expected = generateOperations(readDescriptionText(readFileSync(GALAXY, "utf8")), {
      routesName: "Galaxy",
      importFrom: OPERATIONS,
    });
    expect(readFileSync(out, "utf8")).toBe(expected.module);
    expect(readFileSync(join(scratch, "galaxy.d.ts"), "utf8")).toBe(expected.types);
    // The written module loads the built package's table reader; the library takes its table.
    const { baseUrl, operations } = await import(pathToFileURL(out).href);
    const { endpoint: built } = await import(new URL("../../dist/index.js", import.meta.url).href);
    const galaxy = built.defaults({ baseUrl, operations });
    expect(galaxy("GET /planets", { limit: 2 }).url).toBe("https://galaxy.scalar.com/planets?limit=2");
  });

  it("prints the module without --out, and .mjs gives .d.mts", async () => {
    const printed = await cli(["generate", GALAXY]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('import { describeOperations } from "rest-endpoint/operations";');
    const out = join(scratch, "api.mjs");
    expect((await cli(["generate", GALAXY, "-o", out])).code).toBe(0);
    expect(readFileSync(join(scratch, "api.d.mts"), "utf8")).toContain("export interface Routes {");
  });

  it("--help prints the subcommand's help", async () => {
    expect(await cli(["generate", "--help"])).toEqual({ code: 0, stdout: `${GENERATE_HELP}\n`, stderr: "" });
  });

  const bad = join(scratch, "bad.yaml");
  writeFileSync(bad, "openapi: 3.1.0\npaths:\n  /a:\n\tget: {}\n");
  const swagger = join(scratch, "swagger.json");
  writeFileSync(swagger, '{"swagger": "2.0", "paths": {}}');
  it.each([
    ["no description", ["generate"], /needs a description/],
    ["a missing file", ["generate", join(scratch, "none.yaml")], /none\.yaml: .*ENOENT/],
    ["YAML with a tab", ["generate", bad], /bad\.yaml: YAML line 4/],
    ["an unknown flag", ["generate", GALAXY, "--force"], /Unknown flag --force/],
    [
      "--out that is neither .js nor .ts",
      ["generate", GALAXY, "--out", join(scratch, "x.d.ts")],
      /must name a \.js, \.mjs, \.ts or \.mts file/,
    ],
    ["a name that is not an identifier", ["generate", GALAXY, "--name", "a-b"], /TypeScript identifier/],
    [
      "a folder that cannot be made (a file stands in its place)",
      ["generate", GALAXY, "--out", join(GALAXY, "x.js")],
      /Cannot write/,
    ],
  ])("%s: exit 2, one line on standard error", async (_, argv, message) => {
    const result = await cli(argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("prints what cannot be sent as described, one escaped line each", async () => {
    const file = join(scratch, "notes.json");
    const name = "q\u001b[31m\nx";
    writeFileSync(
      file,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        paths: {
          "/a": {
            get: {
              parameters: [
                { name, in: "query" },
                { name, in: "header" },
              ],
            },
          },
        },
      }),
    );
    const result = await cli(["generate", file]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'rest-endpoint generate: GET /a: header parameter "q\\u001b[31m\\nx" has the name of another and is left out.\n',
    );
  });

  it("groups notes of one kind into one line with a count; --verbose lists each", async () => {
    const file = join(scratch, "grouped.json");
    const getWithBody = { requestBody: { content: { "application/json": { schema: { type: "object" } } } } };
    writeFileSync(
      file,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        paths: Object.fromEntries(["/a", "/b", "/c", "/d"].map((path) => [path, { get: getWithBody }])),
      }),
    );
    const note = "a GET request cannot carry the described body; it is left out.";
    const grouped = await cli(["generate", file]);
    expect(grouped.code).toBe(0);
    expect(grouped.stderr).toBe(
      `rest-endpoint generate: 4 times: ${note} (GET /a, GET /b, GET /c and 1 more)\n` +
        "rest-endpoint generate: 4 notes in all; --verbose lists each.\n",
    );
    const verbose = await cli(["generate", file, "--verbose"]);
    expect(verbose.stdout).toBe(grouped.stdout);
    expect(verbose.stderr).toBe(
      ["/a", "/b", "/c", "/d"].map((path) => `rest-endpoint generate: GET ${path}: ${note}\n`).join(""),
    );
  });

  it("--out FILE.ts writes one TypeScript module that tsc compiles into its outDir, and it runs", async () => {
    // A project of its own: src/api.ts (generated) and src/main.ts, compiled to dist/ by tsc.
    const project = mkdtempSync(join(scratch, "ts-project-"));
    const src = join(project, "src");
    mkdirSync(src);
    mkdirSync(join(project, "node_modules"));
    symlinkSync(
      fileURLToPath(new URL("../..", import.meta.url)),
      join(project, "node_modules", "rest-endpoint"),
    );
    writeFileSync(join(project, "package.json"), '{ "type": "module" }');
    const result = await cli(["generate", GALAXY, "--out", join(src, "api.ts"), "--name", "Galaxy"]);
    expect(result).toMatchObject({ code: 0, stdout: "" });
    expect(result.stderr).toBe(`rest-endpoint generate: 10 operations written to ${join(src, "api.ts")}\n`);
    writeFileSync(
      join(src, "main.ts"),
      [
        'import { endpoint } from "rest-endpoint";',
        'import { api } from "./api.js";',
        "const galaxy = endpoint.defaults(api);",
        'console.log(JSON.stringify(galaxy("GET /planets/{planetId}", { planetId: 1 })));',
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "nodenext",
          target: "es2022",
          outDir: "dist",
          rootDir: "src",
          skipLibCheck: false,
          types: [],
          lib: ["es2022", "dom"],
        },
        include: ["src"],
      }),
    );
    const tsc = fileURLToPath(new URL("../../node_modules/typescript59/bin/tsc", import.meta.url));
    await run(process.execPath, [tsc, "-p", project], { encoding: "utf8" });
    const { stdout } = await run(process.execPath, [join(project, "dist", "main.js")], { encoding: "utf8" });
    expect(JSON.parse(stdout)).toMatchObject({ method: "get", url: "https://galaxy.scalar.com/planets/1" });
    expect(JSON.parse(stdout).headers.accept).toBe("application/json, application/xml");
  });

  it("reads Swagger 2.0 and a description split over files with rest-endpoint-openapi", async () => {
    const fixtures = fileURLToPath(new URL("../fixtures/openapi/", import.meta.url));
    const swagger2 = await cli([
      "generate",
      join(fixtures, "swagger2-pets.json"),
      "--import-from",
      OPERATIONS,
    ]);
    expect(swagger2.code).toBe(0);
    expect(swagger2.stdout).toContain(
      '"GET /pets/{id}": { url: "/pets/{id}{?tags*}", params: {"sep":"query pipeDelimited"} }',
    );
    expect(swagger2.stdout).toContain('export const baseUrl = "https://pets.example/v2";');
    const split = await cli(["generate", join(fixtures, "split", "openapi.yaml")]);
    expect(split.code).toBe(0);
    expect(split.stdout).toContain(
      '"POST /pets": { url: "/pets", params: {"attributes":"body deepObject*"}, body: "application/x-www-form-urlencoded"',
    );
  });

  it("without rest-endpoint-openapi, YAML, Swagger 2.0 and $refs to other files say what to install", async () => {
    const { runGenerate } = await import("../../src/cli/generate-command.js");
    const files: Record<string, string> = {
      "swagger.json": '{"swagger": "2.0", "paths": {}}',
      "split.json": '{"openapi": "3.0.3", "paths": {"/a": {"$ref": "./a.json"}}}',
      "openapi.yaml": "openapi: 3.0.3\npaths: {}\n",
      "bom.yaml": "\uFEFFopenapi: 3.0.3\npaths: {}\n",
    };
    for (const [name, what] of [
      ["openapi.yaml", "A YAML description"],
      ["bom.yaml", "A YAML description"],
      ["swagger.json", "Swagger 2.0"],
      ["split.json", "a \\$ref to another file"],
    ]) {
      const io = {
        readFile: (path: string) => new TextEncoder().encode(files[path]),
        writeFile: () => {},
        stdout: () => {},
        stderr: () => {},
        isTerminal: false,
      };
      await expect(runGenerate([name as string], io)).rejects.toThrow(
        new RegExp(
          `${what} is read by rest-endpoint-openapi, which is not installed: install it as the README says \\(https://github.com/rest-endpoint/rest-endpoint#install\\)$`,
        ),
      );
    }
  });

  it("never reads a file outside the description's folder through a $ref (no file of the machine in the module)", async () => {
    const project = mkdtempSync(join(scratch, "refs-"));
    mkdirSync(join(project, "api"));
    writeFileSync(join(project, "secret.yaml"), "secret: 42\n");
    for (const [name, ref] of [
      ["up.yaml", "../secret.yaml"],
      ["absolute.yaml", join(project, "secret.yaml")],
      ["url.yaml", pathToFileURL(join(project, "secret.yaml")).href],
    ]) {
      writeFileSync(
        join(project, "api", name as string),
        `openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      parameters:\n        - { name: q, in: query, schema: { $ref: "${ref}" } }\n      responses: { "200": { description: ok } }\n`,
      );
      const result = await cli(["generate", join(project, "api", name as string)]);
      expect(result.code, name).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(
        /leaves the description's folder .*: only files in it or below are read\.\n$/,
      );
      expect(result.stderr).not.toContain("42");
    }
  });

  it("follows no link out of the description's folder, and reads no device or FIFO", async () => {
    const project = mkdtempSync(join(scratch, "links-"));
    mkdirSync(join(project, "spec"));
    mkdirSync(join(project, "outside"));
    writeFileSync(join(project, "outside", "secret.txt"), "TOPSECRET\n");
    symlinkSync("../outside/secret.txt", join(project, "spec", "link.txt"));
    symlinkSync("../outside", join(project, "spec", "dirlink"));
    symlinkSync("/dev/zero", join(project, "spec", "zero.yaml"));
    for (const ref of ["./link.txt", "./dirlink/secret.txt", "./zero.yaml"]) {
      const file = join(project, "spec", "api.yaml");
      writeFileSync(file, `openapi: 3.0.3\ninfo: { title: { $ref: "${ref}" }, version: "1" }\npaths: {}\n`);
      const result = await cli(["generate", file]);
      expect(result.code, ref).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).not.toContain("TOPSECRET");
    }
  });
});
