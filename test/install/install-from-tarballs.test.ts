// The README's install commands work as written, for both packages: both are packed from this
// checkout, installed into an empty project with the README's own `npm install` lines, and the
// README's generator example runs there, through the installed binary and types, on the
// petstore rest-endpoint-openapi ships (examples/petstore.yaml) and on its Swagger 2.0 twin,
// with the same documented results. Slow (npm), so it runs in the field suite.
//
// No network: every npm command runs `--offline`. rest-endpoint has no dependencies;
// rest-endpoint-openapi's are in npm's cache since this repository's `npm ci`, but only as
// tarballs: npm's cache holds no registry metadata for them, so the project's lock is given
// the versions this repository locks (package-lock.json) before the second install, as if
// the registry had answered with them (test/shared/offline-install.ts).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instrument, readmeBlocks, shellWords, typeErrorMatches } from "../readme/blocks.js";
import { addToLock, lockedDependenciesOf, OFFLINE, ROOT, run } from "../shared/offline-install.js";

const HARNESS = join(ROOT, "test", "readme", "harness.js");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
/** npm, on a busy machine: a guard against a hang, not a judge of speed. */
const SLOW = 300_000;
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const blocks = readmeBlocks(README);
const installLines = blocks
  .filter((block) => block.section === "Install" && block.lang === "sh")
  .flatMap((block) => block.code.trimEnd().split("\n"));
const generator = blocks.filter((block) => block.section.startsWith("A generated API"));
const generateLines = generator
  .filter((block) => block.lang === "sh")
  .flatMap((block) => block.code.trimEnd().split("\n"));
const usage = generator.find((block) => block.lang === "ts");

const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-install-"));
/** Where the tarballs are, as the README's clone is: beside the project. */
const clone = join(scratch, "rest-endpoint");
const project = join(scratch, "my-app");

async function succeeds(command: string, args: string[], cwd: string, env?: Record<string, string>) {
  const result = await run(command, args, cwd, env);
  expect(result.code, `${command} ${args.join(" ")}\n${result.stderr}`).toBe(0);
  return result;
}

/** The README line that starts with `start`, split into words. */
function readmeLine(lines: string[], start: string): string[] {
  const line = lines.find((candidate) => candidate.startsWith(start));
  expect(line, `the README has a line starting with: ${start}`).toBeDefined();
  return shellWords(line as string);
}

beforeAll(() => {
  mkdirSync(clone);
  mkdirSync(project);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("installing from the packed tarballs, as the README says", () => {
  it(
    "packs both packages under the names the README installs",
    async () => {
      // The clone's url is the repository package.json names. The clone's own `npm install`
      // (prepare builds dist/) is not repeated here: it needs every package of the lock in
      // npm's cache with its url, and `npm test` has built dist/ already.
      const { repository } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
      const url = repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
      expect(installLines[0]).toBe(`git clone ${url} && cd rest-endpoint`);
      expect(installLines).toContain("npm install && npm pack && npm pack -w rest-endpoint-openapi");
      // --ignore-scripts: `prepare` would rebuild dist/ under the other test files; `npm test`
      // builds it first, as `npm install` does in a fresh clone.
      await succeeds("npm", ["pack", "--ignore-scripts", "--pack-destination", clone], ROOT);
      await succeeds(
        "npm",
        ["pack", "-w", "rest-endpoint-openapi", "--ignore-scripts", "--pack-destination", clone],
        ROOT,
      );
      for (const [name, dir] of [
        ["rest-endpoint", ROOT],
        ["rest-endpoint-openapi", join(ROOT, "packages", "openapi")],
      ] as const) {
        const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
        const tarball = `${name}-${version}.tgz`;
        expect(existsSync(join(clone, tarball)), tarball).toBe(true);
        expect(installLines.some((line) => line.endsWith(` ../rest-endpoint/${tarball}`))).toBe(true);
      }
    },
    SLOW,
  );

  it(
    "installs both with the README's commands into an empty project",
    async () => {
      writeFileSync(
        join(project, "package.json"),
        JSON.stringify({ name: "my-app", private: true, type: "module" }),
      );
      const [npm, ...installRuntime] = readmeLine(
        installLines,
        "npm install ../rest-endpoint/rest-endpoint-",
      );
      await succeeds(npm as string, [...installRuntime, ...OFFLINE], project);

      addToLock(project, lockedDependenciesOf("packages/openapi"));
      const [, ...installOpenapi] = readmeLine(
        installLines,
        "npm install -D ../rest-endpoint/rest-endpoint-openapi-",
      );
      await succeeds("npm", [...installOpenapi, ...OFFLINE], project);

      const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
      expect(manifest.dependencies).toEqual({
        "rest-endpoint": "file:../rest-endpoint/rest-endpoint-1.0.0.tgz",
      });
      expect(manifest.devDependencies).toEqual({
        "rest-endpoint-openapi": "file:../rest-endpoint/rest-endpoint-openapi-1.0.0.tgz",
      });
      for (const file of ["yaml", "@scalar/openapi-upgrader"])
        expect(existsSync(join(project, "node_modules", file, "package.json")), file).toBe(true);
      // What is installed is the package, not a link to this checkout.
      const { stdout } = await succeeds(
        process.execPath,
        ["--input-type=module", "-e", 'console.log(import.meta.resolve("rest-endpoint"))'],
        project,
      );
      expect(stdout.trim()).toBe(
        `file://${join(project, "node_modules", "rest-endpoint", "dist", "index.js")}`,
      );
    },
    SLOW,
  );

  for (const [description, twin] of [
    ["petstore.yaml", undefined],
    ["petstore.swagger.yaml", "its Swagger 2.0 twin"],
  ] as const) {
    it(
      `runs the README's generator example on ${twin ?? description}, with the documented results`,
      async () => {
        expect(usage, "the README's generator example in TypeScript").toBeDefined();
        expect(generateLines[0]).toBe(
          "cp node_modules/rest-endpoint-openapi/examples/petstore.yaml openapi.yaml",
        );
        // The README's commands write to src/, which a project has.
        mkdirSync(join(project, "src"), { recursive: true });
        copyFileSync(
          join(project, "node_modules", "rest-endpoint-openapi", "examples", description),
          join(project, "openapi.yaml"),
        );
        for (const line of generateLines.slice(1)) {
          const [npx, ...args] = shellWords(line);
          expect([npx, args[0], args[1]]).toEqual(["npx", "rest-endpoint", "generate"]);
          // --no: npx runs the installed binary and never asks the registry.
          const { stderr } = await succeeds("npx", ["--no", ...args], project);
          expect(stderr).toMatch(/3 operations written/);
        }

        // Type-checked against the installed package's types and the generated module.
        const code = usage?.code ?? "";
        writeFileSync(join(project, "src", "main.ts"), code);
        writeFileSync(
          join(project, "tsconfig.json"),
          JSON.stringify({
            compilerOptions: {
              strict: true,
              module: "nodenext",
              target: "es2022",
              lib: ["es2022", "dom"],
              typeRoots: [join(ROOT, "node_modules", "@types")],
              types: ["node"],
              noEmit: true,
            },
            files: ["src/main.ts"],
          }),
        );
        const checked = await run(
          process.execPath,
          [TSC, "-p", "tsconfig.json", "--pretty", "false"],
          project,
        );
        const errors = [
          ...`${checked.stdout}${checked.stderr}`.matchAll(/^src\/main\.ts\((\d+),\d+\): error (.*)$/gm),
        ];
        const { code: runnable, checks, typeErrors } = instrument(code, "ts", usage?.line);
        expect(typeErrors.length).toBeGreaterThan(0);
        expect(errors.map((error) => Number(error[1]))).toEqual(typeErrors.map((mark) => mark.line));
        for (const [i, mark] of typeErrors.entries())
          expect(typeErrorMatches(mark.text, errors[i]?.[2] ?? ""), `${mark.text}\n${errors[i]?.[2]}`).toBe(
            true,
          );

        // Run with the documented values checked; the generated module is the JavaScript one.
        writeFileSync(join(project, "src", "main.mjs"), runnable);
        const ran = await succeeds(process.execPath, ["--import", HARNESS, "src/main.mjs"], project, {
          PETSTORE_KEY: "a-petstore-key",
        });
        expect(checks).toBeGreaterThan(0);
        expect(ran.stdout).toMatch(new RegExp(`@@readme-checks ${checks}\\n$`));
      },
      SLOW,
    );
  }
});
