// The checks `npm test` runs before Vitest: lint, build, the type check of the source and tests,
// the published types under TypeScript 7 and 5.9, and the packed package (publint and attw).
// `node scripts/checks.js` runs them all; `node scripts/checks.js package` (npm run
// check:package) runs one. Each is the tool's own process, without an `npm run` or `npx` around
// it, and the independent ones run side by side: biome beside the build, then the three type
// checks beside the package checks, which read the one tarball packed here from this build
// (`attw --pack` would pack again, and its `npm pack` would run `prepare`, a second build).
// A step's output is printed when it ends, whole, so that side-by-side steps do not interleave.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const bin = (path) => join(ROOT, "node_modules", path);

/** Runs `node ...args` in the repository; resolves with its exit code and its whole output. */
function node(args) {
  return run(process.execPath, args);
}

function run(file, args) {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

/**
 * Packs a package once (the build is this run's), then lints the tarball with both tools: the
 * root package, or the workspace `workspace` (rest-endpoint-openapi, whose index.js and
 * index.d.ts the build writes).
 */
async function checkPackage(workspace) {
  const folder = mkdtempSync(join(tmpdir(), "rest-endpoint-pack-"));
  try {
    const npm = process.env.npm_execpath;
    const packArgs = ["pack", "--ignore-scripts", "--json", "--pack-destination", folder];
    if (workspace !== undefined) packArgs.push("-w", workspace);
    const packed = npm ? await node([npm, ...packArgs]) : await run("npm", packArgs);
    if (packed.code !== 0) return packed;
    const tarball = join(folder, JSON.parse(packed.output.slice(packed.output.indexOf("[")))[0].filename);
    const results = await Promise.all([
      node([bin("publint/src/cli.js"), "--strict", tarball]),
      node([bin("@arethetypeswrong/cli/dist/index.js"), tarball, "--profile", "esm-only"]),
    ]);
    return {
      code: results.find((result) => result.code !== 0)?.code ?? 0,
      output: results.map((result) => result.output).join(""),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const TSC = bin("typescript/bin/tsc");
const TSC59 = bin("typescript59/bin/tsc");

/** The steps, in stages: a stage's steps run side by side, after the stage before passed. */
const STAGES = [
  {
    lint: () => node([bin("@biomejs/biome/bin/biome"), "check", "."]),
    build: () => node([join(ROOT, "scripts", "build.js")]),
  },
  {
    // The source and tests read the built types (tests import "rest-endpoint"): after the build.
    typecheck: () => node([TSC, "--noEmit", "-p", "tsconfig.json"]),
    "published types (TS 7)": () => node([TSC, "-p", "test/types"]),
    "published types (TS 5.9)": () => node([TSC59, "-p", "test/types"]),
    package: async () => {
      const results = await Promise.all([checkPackage(), checkPackage("rest-endpoint-openapi")]);
      return {
        code: results.find((result) => result.code !== 0)?.code ?? 0,
        output: results.map((result) => result.output).join(""),
      };
    },
  },
];

async function main(only) {
  for (const stage of STAGES) {
    const names = Object.keys(stage).filter((name) => only.length === 0 || only.includes(name));
    const results = await Promise.all(
      names.map(async (name) => {
        const started = performance.now();
        const result = await stage[name]();
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        process.stdout.write(`${result.code === 0 ? "ok" : "FAILED"}: ${name} (${seconds} s)\n`);
        if (result.code !== 0 || only.length > 0) process.stdout.write(result.output);
        return result.code;
      }),
    );
    if (results.some((code) => code !== 0)) return 1;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
