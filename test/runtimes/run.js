// `npm run test:runtimes`: packs the package, installs the tarball into a scratch consumer
// project as a user would, and runs the smoke table (smoke.js) there on Node 20 (this one),
// Node 22, Node 24, Bun, Deno, Node's require() of the package, and a page in Chromium.
// The runtimes come from tools/ (`npm ci --prefix tools`); Chromium from Debian's packages.
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TOOLS = join(ROOT, "tools", "node_modules");
const CHROMIUM = "/usr/bin/chromium";
const FIXTURES = [
  "spec-examples.json",
  "spec-examples-by-section.json",
  "extended-tests.json",
  "negative-tests.json",
];
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const EXPECTED = 23 + 270;

const RUNTIMES = [
  ["Node 20 (this Node)", process.execPath, ["main.js"]],
  ["Node 22", join(TOOLS, "node22", "bin", "node"), ["main.js"]],
  ["Node 24", join(TOOLS, "node24", "bin", "node"), ["main.js"]],
  ["Bun", join(TOOLS, "@oven", "bun-linux-x64", "bin", "bun"), ["main.js"]],
  ["Deno", join(TOOLS, "@deno", "linux-x64-glibc", "deno"), ["run", "--no-prompt", "main.js"]],
  ["Node 20, require()", process.execPath, ["require.cjs"]],
  ["Node 22, require()", join(TOOLS, "node22", "bin", "node"), ["require.cjs"]],
  ["Node 24, require()", join(TOOLS, "node24", "bin", "node"), ["require.cjs"]],
];

for (const [name, binary] of RUNTIMES) {
  if (!existsSync(binary)) fail(`${name} is not installed at ${binary}: run "npm ci --prefix tools" first.`);
}
if (!existsSync(CHROMIUM))
  fail(`Chromium is not installed at ${CHROMIUM}: run "apt-get install -y chromium".`);

const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-runtimes-"));
try {
  const consumer = setUpConsumer(scratch);
  const results = [];
  for (const [name, binary, args] of RUNTIMES) {
    const started = performance.now();
    const output = execFileSync(binary, args, {
      cwd: consumer,
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    });
    results.push({
      name,
      version: runtimeVersion(binary),
      ms: performance.now() - started,
      ...lastJson(output),
    });
  }
  const started = performance.now();
  results.push({ name: "Chromium", ...(await runInChromium(consumer)), ms: performance.now() - started });

  let ok = true;
  for (const { name, version: runtime, passed, failed, ms } of results) {
    const good = failed.length === 0 && passed === EXPECTED;
    ok &&= good;
    console.log(
      `${good ? "ok  " : "FAIL"} ${name.padEnd(20)} ${String(runtime).padEnd(16)} ${passed}/${EXPECTED} passed  ${Math.round(ms)} ms`,
    );
    for (const failure of failed) console.log(`       ${failure}`);
  }
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** A project that depends on the packed tarball, with the smoke table and the conformance data. */
function setUpConsumer(dir) {
  execFileSync("npm", ["pack", "--pack-destination", dir, "--silent"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tarball = `rest-endpoint-${version}.tgz`;
  const consumer = join(dir, "consumer");
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({
      name: "consumer",
      private: true,
      type: "module",
      dependencies: { "rest-endpoint": `file:../${tarball}` },
    }),
  );
  // The tarball has no dependencies, so this install needs no registry.
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent"], {
    cwd: consumer,
    stdio: "inherit",
  });

  copyFileSync(join(ROOT, "test", "runtimes", "smoke.js"), join(consumer, "smoke.js"));
  const conformance = {};
  for (const file of FIXTURES) {
    conformance[file] = JSON.parse(
      readFileSync(join(ROOT, "test", "fixtures", "uritemplate-test", file), "utf8"),
    );
  }
  // A module rather than JSON: JSON imports differ between runtimes.
  writeFileSync(join(consumer, "data.js"), `export default ${JSON.stringify(conformance)};\n`);
  const run = `const result = runSmoke(lib, uriTemplate, conformance, ${JSON.stringify(version)});`;
  writeFileSync(
    join(consumer, "main.js"),
    `import * as lib from "rest-endpoint";
import * as uriTemplate from "rest-endpoint/uri-template";
import conformance from "./data.js";
import { runSmoke } from "./smoke.js";
${run}
if (typeof document === "undefined") console.log(JSON.stringify(result));
else globalThis.smokeResult = result;
`,
  );
  // CommonJS consumers: Node's require() of an ES module (Node 20.19+, 22.12+).
  writeFileSync(
    join(consumer, "require.cjs"),
    `const lib = require("rest-endpoint");
const uriTemplate = require("rest-endpoint/uri-template");
import("./smoke.js").then(async ({ runSmoke }) => {
  const conformance = (await import("./data.js")).default;
  ${run}
  console.log(JSON.stringify(result));
});
`,
  );
  return consumer;
}

/** Bundles main.js for the browser, serves it from 127.0.0.1 and reads the result off the page. */
async function runInChromium(consumer) {
  const require = createRequire(join(ROOT, "package.json"));
  const esbuild = await import(require.resolve("esbuild"));
  const bundle = await esbuild.build({
    entryPoints: [join(consumer, "main.js")],
    absWorkingDir: consumer,
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
  });
  const files = {
    "/": ["text/html", '<!doctype html><meta charset="utf-8"><script type="module" src="/main.js"></script>'],
    "/main.js": ["text/javascript", bundle.outputFiles[0].text],
  };
  const server = createServer((request, response) => {
    const file = files[request.url ?? ""];
    response.writeHead(file ? 200 : 404, { "content-type": file ? file[0] : "text/plain" });
    response.end(file ? file[1] : "not found");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const { chromium } = await import(join(TOOLS, "playwright-core", "index.mjs"));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
    await page.goto(`http://127.0.0.1:${port}/`);
    try {
      await page.waitForFunction(() => globalThis.smokeResult !== undefined, null, { timeout: 30_000 });
    } catch (error) {
      return { version: browser.version(), passed: 0, failed: [...errors, String(error)] };
    }
    const result = await page.evaluate(() => globalThis.smokeResult);
    return { version: browser.version(), passed: result.passed, failed: [...errors, ...result.failed] };
  } finally {
    await browser.close();
    server.close();
  }
}

function runtimeVersion(binary) {
  const text = execFileSync(binary, ["--version"], { encoding: "utf8" });
  return (text.match(/\d+\.\d+\.\d+/) ?? ["?"])[0];
}

/** The last line of a runtime's output, as the JSON result; anything else is a failure. */
function lastJson(output) {
  const line = output.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line);
  } catch {
    return { passed: 0, failed: [`no result; output was: ${output.slice(0, 500)}`] };
  }
}

function fail(message) {
  console.error(`test:runtimes: ${message}`);
  process.exit(1);
}
