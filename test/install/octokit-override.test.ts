// The README's "Inside octokit", as a user does it: rest-endpoint and rest-endpoint-octokit are
// packed from this checkout, an empty app gets rest-endpoint as "Install" says and then the
// README's package.json fragment (the drop-in's tarball and the override of @octokit/endpoint,
// read from the README's json block), with @octokit/core and octokit at the versions this
// repository locks. In that app, every @octokit/endpoint is the drop-in, and requests sent
// through octokit arrive at a loopback server as octokit sends them. Slow (npm): the field suite.
//
// No network: npm runs `--offline`; the octokit packages are in npm's cache since this
// repository's `npm ci` (devDependencies of packages/octokit), and the app's lock is given
// their entries first (test/shared/offline-install.ts).
//
// The fragment names the tarball by an absolute path, `/path/to/rest-endpoint/…`, for which the
// test writes the clone's. Its own test shows why the README asks for one: npm (11.x) resolves
// the `file:` path an override gives (also through a `$name` reference) from the folder of each
// package whose dependency it replaces, not from the app (npm/cli#4397): `../rest-endpoint/…`
// is looked for under node_modules/@octokit/… and the install fails with ENOENT.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readmeBlocks, shellWords } from "../readme/blocks.js";
import {
  addToLock,
  CLONE_PLACEHOLDER,
  expectedOctokitFragment,
  lockedEntries,
  lockedVersion,
  OFFLINE,
  octokitFragment,
  ROOT,
  run,
} from "../shared/offline-install.js";

/** npm, on a busy machine: a guard against a hang, not a judge of speed. */
const SLOW = 300_000;
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const fragment = octokitFragment(README);
/** The README's override of @octokit/endpoint: the drop-in's tarball under the clone's path. */
const OVERRIDE = String((fragment.manifest.overrides as Record<string, string>)["@octokit/endpoint"]);
/** The README's line that installs rest-endpoint itself ("Install"), which the drop-in depends on. */
const installRuntime = readmeBlocks(README)
  .filter((block) => block.section === "Install" && block.lang === "sh")
  .flatMap((block) => block.code.trimEnd().split("\n"))
  .find((line) => line.startsWith("npm install ../rest-endpoint/rest-endpoint-"));
/** The stack the app uses, at the versions this repository locks. */
const STACK = ["@octokit/core", "octokit"];
const TOKEN = "secret123";
const ZIP = "PK\u0003\u0004 app bytes";

const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-octokit-app-"));
/** Where the tarballs are, as the README's clone is: beside the app. */
const clone = join(scratch, "rest-endpoint");
const app = join(scratch, "my-app");

type Arrived = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
const arrived: Arrived[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const url = request.url ?? "";
    arrived.push({
      method: request.method ?? "",
      url,
      headers: request.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    const status = url.startsWith("/missing") ? 404 : 200;
    response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    response.end(
      request.method === "HEAD"
        ? undefined
        : JSON.stringify(status === 404 ? { message: "Not Found" } : { ok: true }),
    );
  });
});
let origin = "";

async function succeeds(command: string, args: string[], cwd: string, env?: Record<string, string>) {
  const result = await run(command, args, cwd, env);
  expect(result.code, `${command} ${args.join(" ")}\n${result.stderr}`).toBe(0);
  return result;
}

/** An app beside the clone with rest-endpoint installed by the README's line, and the stack's lock entries. */
async function startApp(dir: string, manifest: Record<string, unknown>) {
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "my-app", private: true, type: "module" }));
  expect(installRuntime, "the README's Install line for rest-endpoint").toBeDefined();
  const [npm, ...args] = shellWords(installRuntime as string);
  await succeeds(npm as string, [...args, ...OFFLINE], dir);
  const installed = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const dependencies = { ...installed.dependencies, ...(manifest.dependencies as Record<string, string>) };
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ ...installed, ...manifest, dependencies }, null, 2),
  );
  // What the registry would answer for the stack; @octokit/endpoint is npm's to place: the override replaces it.
  addToLock(dir, lockedEntries(STACK, { leftOut: Object.keys(fragment.manifest.overrides) }));
}

/** The `name` of every package installed as `wanted` under dir's node_modules, nested ones included. */
function installedAs(dir: string, wanted: string): { path: string; name: string }[] {
  const found: { path: string; name: string }[] = [];
  const walk = (modules: string) => {
    let names: string[];
    try {
      names = readdirSync(modules);
    } catch {
      return;
    }
    for (const entry of names.flatMap((name) =>
      name.startsWith("@") ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name],
    )) {
      if (entry.startsWith(".")) continue;
      const path = join(modules, entry);
      if (entry === wanted) {
        const { name } = JSON.parse(readFileSync(join(path, "package.json"), "utf8"));
        found.push({ path: path.slice(dir.length + 1), name });
      }
      walk(join(path, "node_modules"));
    }
  };
  walk(join(dir, "node_modules"));
  return found;
}

/** The app's script: what it sends through octokit, and what octokit answered. */
const SCRIPT = `
import { Octokit as Core } from "@octokit/core";
import { Octokit } from "octokit";

const baseUrl = process.env.APP_ORIGIN;
const core = new Core({ auth: ${JSON.stringify(TOKEN)}, baseUrl });
const results = {};
// The endpoint in use: a url parameter beside a route stays a parameter (the drop-in's rule).
const built = core.request.endpoint("PATCH /app/hook/config", { url: "https://hook.example" });
results.built = { url: built.url, body: built.body };
await core.request("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n", private: true });
results.head = (await core.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" })).status;
await core.request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", per_page: 2 });
try {
  await core.request("HEAD /missing");
  results.missing = "answered";
} catch (error) {
  results.missing = { constructor: error.constructor.name, name: error.name, status: error.status };
}
await core.request("POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
  owner: "o",
  repo: "r",
  release_id: 1,
  name: "app.zip",
  label: "For Linux",
  data: ${JSON.stringify(ZIP)},
  headers: { "content-type": "application/zip" },
});
const octokit = new Octokit({ auth: ${JSON.stringify(TOKEN)}, baseUrl });
await octokit.rest.repos.update({ owner: "o", repo: "r", description: "d" });
console.log(JSON.stringify(results));
`;

beforeAll(async () => {
  mkdirSync(clone);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

describe("the README's override in an octokit app, installed from the packed tarballs", () => {
  it(
    "packs rest-endpoint and rest-endpoint-octokit under the names the README installs",
    async () => {
      await succeeds("npm", ["pack", "--ignore-scripts", "--pack-destination", clone], ROOT);
      await succeeds(
        "npm",
        ["pack", "-w", "rest-endpoint-octokit", "--ignore-scripts", "--pack-destination", clone],
        ROOT,
      );
      const { version } = JSON.parse(readFileSync(join(ROOT, "packages", "octokit", "package.json"), "utf8"));
      expect(readdirSync(clone).sort()).toEqual([
        "rest-endpoint-1.0.0.tgz",
        `rest-endpoint-octokit-${version}.tgz`,
      ]);
      expect(fragment.manifest).toEqual(expectedOctokitFragment(version));
      expect(installRuntime).toBe("npm install ../rest-endpoint/rest-endpoint-1.0.0.tgz");
    },
    SLOW,
  );

  it(
    "the override by a relative path fails: npm looks for the tarball under node_modules (npm/cli#4397)",
    async () => {
      const verbatim = join(scratch, "verbatim-app");
      const tarball = basename(OVERRIDE);
      await startApp(verbatim, {
        dependencies: stack(),
        overrides: { "@octokit/endpoint": `file:../rest-endpoint/${tarball}` },
      });
      const { code, stderr } = await run("npm", ["install", ...OFFLINE], verbatim);
      // If npm now resolves it from the app, the README can give the relative path.
      expect(code, stderr).not.toBe(0);
      expect(stderr).toContain("ENOENT");
      expect(stderr).toContain(join(verbatim, "node_modules", "@octokit"));
      expect(stderr).toContain(`/rest-endpoint/${tarball}`);
    },
    SLOW,
  );

  it(
    "installs the fragment (the tarball's path made absolute) with @octokit/core and octokit, offline",
    async () => {
      await startApp(app, {
        dependencies: stack(),
        overrides: { "@octokit/endpoint": OVERRIDE.replace(`file:${CLONE_PLACEHOLDER}/`, `file:${clone}/`) },
      });
      const { stderr } = await succeeds("npm", ["install", ...OFFLINE], app);
      expect(stderr).not.toMatch(/corrupted|ENOENT/);

      const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
      expect(manifest.overrides).toEqual({
        "@octokit/endpoint": `file:${join(clone, "rest-endpoint-octokit-1.0.0.tgz")}`,
      });
      expect(manifest.dependencies).toEqual({
        "rest-endpoint": "file:../rest-endpoint/rest-endpoint-1.0.0.tgz",
        "@octokit/core": lockedVersion("@octokit/core"),
        octokit: lockedVersion("octokit"),
      });
      // node_modules/@octokit/endpoint, and any other copy, is the drop-in.
      const endpoints = installedAs(app, "@octokit/endpoint");
      expect(
        endpoints.map((found) => found.path),
        JSON.stringify(endpoints),
      ).toContain(join("node_modules", "@octokit", "endpoint"));
      expect(endpoints.filter((found) => found.name !== "rest-endpoint-octokit")).toEqual([]);
      // Every @octokit/request finds it.
      const requests = installedAs(app, "@octokit/request");
      expect(requests.length).toBeGreaterThan(0);
      for (const { path } of requests) {
        const { stdout } = await succeeds(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            `import { createRequire } from "node:module"; console.log(createRequire(${JSON.stringify(join(app, path, "package.json"))}).resolve("@octokit/endpoint/package.json"))`,
          ],
          app,
        );
        expect(JSON.parse(readFileSync(stdout.trim(), "utf8")).name, path).toBe("rest-endpoint-octokit");
      }
    },
    SLOW,
  );

  it(
    "requests sent through octokit arrive as octokit sends them",
    async () => {
      writeFileSync(join(app, "app.mjs"), SCRIPT);
      arrived.length = 0;
      const { stdout } = await succeeds(process.execPath, ["app.mjs"], app, { APP_ORIGIN: origin });
      const results = JSON.parse(stdout);
      expect(results.built).toEqual({
        url: `${origin}/app/hook/config`,
        body: { url: "https://hook.example" },
      });
      expect(results.head).toBe(200);
      expect(results.missing).toEqual({ constructor: "RequestError", name: "HttpError", status: 404 });
      expect(arrived.map((got) => `${got.method} ${got.url}`)).toEqual([
        "PATCH /repos/o/r",
        "HEAD /repos/o/r",
        "GET /repos/o/r/issues?state=open&per_page=2",
        "HEAD /missing",
        "POST /repos/o/r/releases/1/assets?name=app.zip&label=For%20Linux",
        "PATCH /repos/o/r",
      ]);
      for (const got of arrived) expect(got.headers.authorization, got.url).toBe(`token ${TOKEN}`);
      const [patch, , , , upload, update] = arrived as [Arrived, Arrived, Arrived, Arrived, Arrived, Arrived];
      expect(JSON.parse(patch.body)).toEqual({ name: "n", private: true });
      expect(patch.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(upload.headers["content-type"]).toBe("application/zip");
      expect(upload.body).toBe(ZIP);
      expect(JSON.parse(update.body)).toEqual({ description: "d" });
    },
    SLOW,
  );
});

/** @octokit/core and octokit at the versions this repository locks. */
function stack(): Record<string, string> {
  return Object.fromEntries(STACK.map((name) => [name, lockedVersion(name)]));
}
