// `npm run test:runtimes`: packs the package, installs the tarball into a scratch consumer
// project as a user would, and runs the smoke table (smoke.js) and real requests to a loopback
// server (fetch-smoke.js) there on Node 20 (this one), Node 22, Node 24, Bun, Deno, Node's
// require() of the package, Cloudflare's workerd and a page in Chromium. The runtimes come
// from tools/ (`npm ci --prefix tools`); Chromium from Debian's packages.
import { execFile, execFileSync, spawn } from "node:child_process";
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
import { FETCH_CASES } from "./fetch-smoke.js";
import { serve } from "./loopback-server.js";

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
const EXPECTED = 23 + 270 + FETCH_CASES;
const WORKERD = join(TOOLS, "@cloudflare", "workerd-linux-64", "bin", "workerd");
// The newest date this workerd knows; older dates behave the same here (checked back to 2022).
const WORKERD_COMPATIBILITY_DATE = "2026-11-17";

const RUNTIMES = [
  ["Node 20 (this Node)", process.execPath, ["main.js"]],
  ["Node 22", join(TOOLS, "node22", "bin", "node"), ["main.js"]],
  ["Node 24", join(TOOLS, "node24", "bin", "node"), ["main.js"]],
  ["Bun", join(TOOLS, "@oven", "bun-linux-x64", "bin", "bun"), ["main.js"]],
  [
    "Deno",
    join(TOOLS, "@deno", "linux-x64-glibc", "deno"),
    ["run", "--no-prompt", "--allow-net=127.0.0.1", "main.js"],
  ],
  ["Node 20, require()", process.execPath, ["require.cjs"]],
  ["Node 22, require()", join(TOOLS, "node22", "bin", "node"), ["require.cjs"]],
  ["Node 24, require()", join(TOOLS, "node24", "bin", "node"), ["require.cjs"]],
];

for (const [name, binary] of [...RUNTIMES, ["workerd", WORKERD]]) {
  if (!existsSync(binary)) fail(`${name} is not installed at ${binary}: run "npm ci --prefix tools" first.`);
}
if (!existsSync(CHROMIUM))
  fail(`Chromium is not installed at ${CHROMIUM}: run "apt-get install -y chromium".`);

const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-runtimes-"));
const files = {};
const server = createServer((request, response) => serve(files, request, response));
try {
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const consumer = setUpConsumer(scratch, origin);
  const results = [];
  for (const [name, binary, args] of RUNTIMES) {
    const started = performance.now();
    const output = await run(binary, args, consumer);
    results.push({
      name,
      version: runtimeVersion(binary),
      ms: performance.now() - started,
      ...lastJson(output),
    });
  }
  let started = performance.now();
  results.push({ name: "workerd", ...(await runInWorkerd(consumer)), ms: performance.now() - started });
  started = performance.now();
  results.push({
    name: "Chromium",
    ...(await runInChromium(consumer, files, origin)),
    ms: performance.now() - started,
  });

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
  server.close();
  rmSync(scratch, { recursive: true, force: true });
}

/** Runs a runtime in the consumer project, without blocking the server this process holds. */
function run(binary, args, cwd) {
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      args,
      {
        cwd,
        encoding: "utf8",
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
      },
      (error, stdout, stderr) => {
        if (error && !stdout) reject(new Error(`${binary} failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

/** A project that depends on the packed tarball, with the smoke table and the conformance data. */
function setUpConsumer(dir, origin) {
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
  copyFileSync(join(ROOT, "test", "runtimes", "fetch-smoke.js"), join(consumer, "fetch-smoke.js"));
  const conformance = {};
  for (const file of FIXTURES) {
    conformance[file] = JSON.parse(
      readFileSync(join(ROOT, "test", "fixtures", "uritemplate-test", file), "utf8"),
    );
  }
  // A module rather than JSON: JSON imports differ between runtimes.
  writeFileSync(join(consumer, "data.js"), `export default ${JSON.stringify(conformance)};\n`);
  writeFileSync(
    join(consumer, "all.js"),
    `import conformance from "./data.js";
import { runFetchSmoke } from "./fetch-smoke.js";
import { runSmoke } from "./smoke.js";
export async function runAll(lib, uriTemplate) {
  const plain = runSmoke(lib, uriTemplate, conformance, ${JSON.stringify(version)});
  const sent = await runFetchSmoke(lib, ${JSON.stringify(origin)});
  return { passed: plain.passed + sent.passed, failed: [...plain.failed, ...sent.failed] };
}
`,
  );
  writeFileSync(
    join(consumer, "main.js"),
    `import * as main from "rest-endpoint";
import * as adapters from "rest-endpoint/adapters";
import * as operations from "rest-endpoint/operations";
import * as uriTemplate from "rest-endpoint/uri-template";
import { runAll } from "./all.js";
const lib = { ...main, ...adapters, ...operations };
const result = await runAll(lib, uriTemplate);
if (typeof document === "undefined") console.log(JSON.stringify(result));
else globalThis.smokeResult = result;
`,
  );
  // CommonJS consumers: Node's require() of an ES module (Node 20.19+, 22.12+).
  writeFileSync(
    join(consumer, "require.cjs"),
    `const lib = {
  ...require("rest-endpoint"),
  ...require("rest-endpoint/adapters"),
  ...require("rest-endpoint/operations"),
};
const uriTemplate = require("rest-endpoint/uri-template");
import("./all.js")
  .then(({ runAll }) => runAll(lib, uriTemplate))
  .then((result) => console.log(JSON.stringify(result)));
`,
  );
  // A Cloudflare Worker that answers any request with the results.
  writeFileSync(
    join(consumer, "worker.js"),
    `import * as main from "rest-endpoint";
import * as adapters from "rest-endpoint/adapters";
import * as operations from "rest-endpoint/operations";
import * as uriTemplate from "rest-endpoint/uri-template";
import { runAll } from "./all.js";
const lib = { ...main, ...adapters, ...operations };
export default {
  async fetch() {
    return new Response(JSON.stringify(await runAll(lib, uriTemplate)));
  },
};
`,
  );
  return consumer;
}

/** The test files bundled by esbuild for a runtime without a file system or a package resolver. */
async function bundled(consumer, entry, conditions) {
  const require = createRequire(join(ROOT, "package.json"));
  const esbuild = await import(require.resolve("esbuild"));
  const bundle = await esbuild.build({
    entryPoints: [join(consumer, entry)],
    absWorkingDir: consumer,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions,
    write: false,
  });
  return bundle.outputFiles[0].text;
}

/**
 * Runs worker.js in Cloudflare's runtime (workerd, from tools/), bundled as Wrangler would
 * (the `workerd` and `worker` conditions), allowed to reach the loopback server.
 */
async function runInWorkerd(consumer) {
  writeFileSync(
    join(consumer, "worker.bundle.js"),
    await bundled(consumer, "worker.js", ["workerd", "worker"]),
  );
  const port = await freePort();
  writeFileSync(
    join(consumer, "workerd.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .smoke),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const smoke :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "worker.bundle.js")],
  compatibilityDate = "${WORKERD_COMPATIBILITY_DATE}",
);
`,
  );
  const child = spawn(WORKERD, ["serve", "workerd.capnp"], {
    cwd: consumer,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors += chunk;
  });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        return { version: runtimeVersion(WORKERD), ...lastJson(await response.text()) };
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return { version: runtimeVersion(WORKERD), passed: 0, failed: [`workerd did not answer: ${errors}`] };
  } finally {
    child.kill();
  }
}

/** A port nothing listens on now. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Serves main.js, bundled for the browser, beside the echo server and reads the result off the page. */
async function runInChromium(consumer, files, origin) {
  files["/"] = [
    "text/html",
    '<!doctype html><meta charset="utf-8"><script type="module" src="/main.js"></script>',
  ];
  files["/main.js"] = ["text/javascript", await bundled(consumer, "main.js", [])];
  const { chromium } = await import(join(TOOLS, "playwright-core", "index.mjs"));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
    await page.goto(`${origin}/`);
    try {
      await page.waitForFunction(() => globalThis.smokeResult !== undefined, null, { timeout: 30_000 });
    } catch (error) {
      return { version: browser.version(), passed: 0, failed: [...errors, String(error)] };
    }
    const result = await page.evaluate(() => globalThis.smokeResult);
    return { version: browser.version(), passed: result.passed, failed: [...errors, ...result.failed] };
  } finally {
    await browser.close();
  }
}

function runtimeVersion(binary) {
  const text = execFileSync(binary, ["--version"], { encoding: "utf8" });
  return (text.match(/\d+[.-]\d+[.-]\d+/) ?? ["?"])[0];
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
