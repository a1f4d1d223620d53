// Every code block of the README runs as written, in README order, in a scratch project whose
// node_modules links to this repository (so `import "rest-endpoint"` is the built package,
// dist/, through its exports map) and to rest-endpoint-openapi:
// - js and ts blocks run as ES modules in a fresh Node process; each documented value
//   (`// => value`, `// throws EndpointError, code "...": message`) is checked there;
// - ts blocks are type-checked first with tsc against the package's types: a line marked
//   `// type error: text` must be refused with that text, and nothing else may be;
// - sh lines run: `npx rest-endpoint ...` is the built binary (dist/bin.js), `cp` copies; a
//   line that sends gets `--base-url` to the loopback server below; the lines this test does
//   not run are listed in NOT_RUN with the reason;
// - json blocks are package.json fragments (members without the braces): each parses as JSON in
//   `{ }`, and is one a test installs, read from the README by the same function
//   (test/shared/offline-install.ts): JSON_BLOCKS lists them.
// `fetch` is sent to a loopback server this test starts (test/readme/harness.js rewrites the
// origin), which answers like GitHub (pages with Link headers) for the requests each block is
// documented to make, and records them: each block must send exactly what SENDS lists.
// A block this test does not know how to run (another language, an unknown command) fails.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { endpoint } from "rest-endpoint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instrument, readmeBlocks, shellWords, typeErrorMatches } from "./readme/blocks.js";
import { expectedOctokitFragment, OCTOKIT_SECTION, octokitFragment } from "./shared/offline-install.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "dist", "bin.js");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const HARNESS = join(ROOT, "test", "readme", "harness.js");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const TOKEN = "ghp_readme0test0token";
const PETSTORE_KEY = "pet-key-for-the-readme";
const APP_ZIP = new Uint8Array([80, 75, 3, 4, ...randomBytes(60)]);
const ISSUE_PAGES = [["Bug", "Feature"], ["Docs"], ["Typo"]];

/** Lines of sh blocks this test does not run, each with the reason. */
const NOT_RUN: Record<string, string> = {
  "git clone https://github.com/rest-endpoint/rest-endpoint && cd rest-endpoint":
    "clones over the network; test/install/install-from-tarballs.test.ts packs this checkout instead",
  "npm install && npm pack && npm pack -w rest-endpoint-openapi":
    "test/install/install-from-tarballs.test.ts runs the packs (the install, with prepare, is the repository's own)",
  "cd ../my-app": "test/install/install-from-tarballs.test.ts installs into a project beside the tarballs",
  "npm install ../rest-endpoint/rest-endpoint-1.0.0.tgz":
    "test/install/install-from-tarballs.test.ts runs it, offline",
  "npm install -D ../rest-endpoint/rest-endpoint-openapi-1.0.0.tgz":
    "test/install/install-from-tarballs.test.ts runs it, offline",
  "npm install   # installs the tools and builds dist/": "installs this repository, which this test runs in",
  "npm test      # lint, type check, build, then every test": "the whole suite, of which this test is a part",
};

/**
 * The json blocks, by `section#n`: the test that installs each, and the check that it is the
 * block that test reads and holds what it installs.
 */
const JSON_BLOCKS: Record<string, { installedBy: string; check: (fragment: unknown, line: number) => void }> =
  {
    [`${OCTOKIT_SECTION}#0`]: {
      installedBy: "test/install/octokit-override.test.ts",
      check: (fragment, line) => {
        const read = octokitFragment(README);
        expect(read.line, "the block test/install/octokit-override.test.ts installs").toBe(line);
        expect(read.manifest).toEqual(fragment);
        const { version } = JSON.parse(
          readFileSync(join(ROOT, "packages", "octokit", "package.json"), "utf8"),
        );
        expect(fragment).toEqual(expectedOctokitFragment(version));
      },
    },
  };

/**
 * What each block sends, by `section#n` (the n-th block under that heading, from 0), or by the
 * sh line: method and url as the block wrote them (`loopback` for the test server itself).
 */
const SENDS: Record<string, string[]> = {
  "Sending with fetch#0": ["PATCH https://api.github.com/repos/octokit/rest.js/issues/1"],
  "Uploading a release asset#0": [
    "POST https://uploads.github.com/repos/octokit/rest.js/releases/1/assets?name=app.zip&label=For%20Linux",
  ],
  "A form body#0": ["POST https://api.example.com/files"],
  "Paginating, with error handling#0": [
    "GET https://api.github.com/repos/octokit/rest.js/issues?per_page=100",
    "GET https://api.github.com/repositories/1/issues?per_page=100&page=2",
    "GET https://api.github.com/repositories/1/issues?per_page=100&page=3",
  ],
  "Typed routes#0": ["GET https://api.github.com/repos/octokit/rest.js"],
  "Typed sending#0": ["GET https://api.github.com/repos/octokit/rest.js"],
  "npx rest-endpoint /repos/octokit/rest.js/issues --paginate --jq '.[].title' --token-env GITHUB_TOKEN": [
    "GET loopback/repos/octokit/rest.js/issues",
    "GET loopback/repositories/1/issues?page=2",
    "GET loopback/repositories/1/issues?page=3",
  ],
};

/** What the sh lines that print or send write to stdout. */
const PRINTS: Record<string, (stdout: string) => void> = {
  'npx rest-endpoint GET "/repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open': (stdout) =>
    expect(JSON.parse(stdout)).toEqual(
      endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" }),
    ),
  "npx rest-endpoint /repos/octokit/rest.js/issues --paginate --jq '.[].title' --token-env GITHUB_TOKEN": (
    stdout,
  ) => expect(stdout).toBe(`${ISSUE_PAGES.flat().join("\n")}\n`),
};

let server: Server;
let origin = "";
let received: string[] = [];
const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-readme-"));

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** GitHub's answers to the requests the README's blocks make; 404 to anything else. */
async function answer(
  request: IncomingMessage,
  from: string,
): Promise<{ status: number; body?: unknown; headers?: Record<string, string> }> {
  const url = new URL(request.url ?? "/", "http://x");
  const body = await bodyOf(request);
  const authorized = (request.headers.authorization ?? "").endsWith(` ${TOKEN}`);
  const route = `${request.method} ${url.pathname}`;
  if (route === "GET /repos/octokit/rest.js")
    return { status: 200, body: { id: 1, full_name: "octokit/rest.js" } };
  if (route === "PATCH /repos/octokit/rest.js/issues/1") {
    if (!authorized) return { status: 401 };
    const sent = JSON.parse(body.toString("utf8"));
    return sent.state === "closed" ? { status: 200, body: { number: 1, state: "closed" } } : { status: 422 };
  }
  if (route === "POST /repos/octokit/rest.js/releases/1/assets") {
    if (!authorized) return { status: 401 };
    const ok = request.headers["content-type"] === "application/zip" && body.equals(APP_ZIP);
    return ok ? { status: 201, body: { name: url.searchParams.get("name") } } : { status: 422 };
  }
  if (route === "POST /files") {
    const ok =
      /^multipart\/form-data; boundary=/.test(request.headers["content-type"] ?? "") &&
      body.includes('filename="data.csv"') &&
      body.includes("id,name\n1,a\n");
    return ok ? { status: 201, body: {} } : { status: 422 };
  }
  const page =
    route === "GET /repos/octokit/rest.js/issues"
      ? 1
      : route === "GET /repositories/1/issues"
        ? Number(url.searchParams.get("page"))
        : 0;
  if (page >= 1 && page <= ISSUE_PAGES.length) {
    if (!authorized) return { status: 401 };
    const headers: Record<string, string> = {};
    if (page < ISSUE_PAGES.length) {
      const next = new URLSearchParams(url.search);
      next.set("page", String(page + 1));
      headers.link = `<${from}/repositories/1/issues?${next}>; rel="next"`;
    }
    return { status: 200, body: ISSUE_PAGES[page - 1]?.map((title) => ({ title })), headers };
  }
  return { status: 404, body: { message: "Not Found" } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const from = (request.headers["x-readme-origin"] as string | undefined) ?? origin;
    received.push(`${request.method} ${from === origin ? "loopback" : from}${request.url}`);
    answer(request, from).then(
      ({ status, body, headers }) => {
        response.writeHead(status, { "content-type": "application/json", ...headers });
        response.end(body === undefined ? "" : JSON.stringify(body));
      },
      (error: Error) => {
        response.writeHead(500);
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The scratch project: its node_modules are this repository's packages and types.
  mkdirSync(join(scratch, "node_modules", "@types"), { recursive: true });
  mkdirSync(join(scratch, "src"));
  symlinkSync(ROOT, join(scratch, "node_modules", "rest-endpoint"), "dir");
  symlinkSync(
    join(ROOT, "packages", "openapi"),
    join(scratch, "node_modules", "rest-endpoint-openapi"),
    "dir",
  );
  symlinkSync(
    join(ROOT, "node_modules", "@types", "node"),
    join(scratch, "node_modules", "@types", "node"),
    "dir",
  );
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({ name: "my-app", private: true, type: "module" }),
  );
  writeFileSync(join(scratch, "app.zip"), APP_ZIP);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: scratch,
        encoding: "utf8",
        env: { ...process.env, GITHUB_TOKEN: TOKEN, PETSTORE_KEY, ...env },
        // A guard against a hang, as long as Vitest's (vitest.config.ts): a busy machine may
        // take its time.
        timeout: 600_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** tsc's errors for one file: its 1-based line and the whole message. */
async function typeErrors(file: string): Promise<{ line: number; message: string }[]> {
  const config = join(scratch, `tsconfig.${file.replace(/\W/g, "-")}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: "nodenext",
        target: "es2022",
        // With DOM's fetch types, as toFetchArgs's FetchInit is written for (with @types/node's
        // alone, fetch(...toFetchArgs(...)) is refused: FetchInit's body includes any
        // ArrayBufferView, which undici's BodyInit does not).
        lib: ["es2022", "dom"],
        types: ["node"],
        noEmit: true,
        skipLibCheck: true,
      },
      files: [file],
    }),
  );
  const { stdout, stderr } = await run([TSC, "-p", config, "--pretty", "false"]);
  const errors: { line: number; message: string }[] = [];
  for (const line of `${stdout}${stderr}`.split("\n")) {
    const match = /^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line);
    if (match) {
      expect(match[1], `an error in another file than the block: ${line}`).toBe(file);
      errors.push({ line: Number(match[2]), message: match[3] as string });
    } else if (line.startsWith(" ") && errors.length > 0) {
      (errors.at(-1) as { message: string }).message += ` ${line.trim()}`;
    } else if (line.trim() !== "") {
      throw new Error(`tsc: ${line}`);
    }
  }
  return errors;
}

const blocks = readmeBlocks(README);

describe("every README block runs as written", () => {
  it("finds the README's blocks", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(21);
  });

  for (const block of blocks) {
    const key = `${block.section}#${block.indexInSection}`;
    it(`block ${block.number} (${block.lang}, README line ${block.line}, "${block.section}")`, async () => {
      received = [];
      if (block.lang === "js" || block.lang === "ts") {
        const { code, checks, typeErrors: marks } = instrument(block.code, block.lang, block.line);
        const name = `block-${String(block.number).padStart(2, "0")}`;
        if (block.lang === "ts") {
          writeFileSync(join(scratch, "src", `${name}.ts`), block.code);
          const errors = await typeErrors(`src/${name}.ts`);
          for (const mark of marks) {
            const onLine = errors.filter((error) => error.line === mark.line);
            expect(
              onLine.some((error) => typeErrorMatches(mark.text, error.message)),
              `line ${mark.line} of the block must be refused with "${mark.text}"; tsc said: ${onLine.map((e) => e.message).join(" | ") || "nothing"}`,
            ).toBe(true);
          }
          const unmarked = errors.filter((error) => !marks.some((mark) => mark.line === error.line));
          expect(unmarked, "type errors the README does not show").toEqual([]);
        } else {
          expect(marks, "a // type error: mark in a js block").toEqual([]);
        }
        writeFileSync(join(scratch, "src", `${name}.mjs`), code);
        const result = await run(["--import", HARNESS, join("src", `${name}.mjs`)], {
          READMETEST_ORIGIN: origin,
        });
        expect(result.stderr, `the block failed:\n${code}`).toBe("");
        expect(result.code).toBe(0);
        expect(result.stdout.match(/@@readme-checks (\d+)\n$/)?.[1], "documented values checked").toBe(
          String(checks),
        );
        expect(received).toEqual(SENDS[key] ?? []);
        return;
      }
      if (block.lang === "json") {
        let fragment: unknown;
        expect(() => {
          fragment = JSON.parse(`{${block.code}}`);
        }, "a json block is members of package.json: JSON inside { }").not.toThrow();
        const known = JSON_BLOCKS[key];
        expect(
          known,
          `block ${block.number}: a json block no test installs (add it to JSON_BLOCKS)`,
        ).toBeDefined();
        known?.check(fragment, block.line);
        return;
      }
      expect(block.lang, `block ${block.number}: a language this test does not run`).toBe("sh");
      for (const line of block.code.trimEnd().split("\n")) {
        if (line in NOT_RUN) continue;
        const words = shellWords(line);
        received = [];
        if (words[0] === "cp" && words.length === 3) {
          copyFileSync(join(scratch, words[1] as string), join(scratch, words[2] as string));
          continue;
        }
        expect(
          words.slice(0, 2),
          `a line this test does not run (add it to NOT_RUN with a reason): ${line}`,
        ).toEqual(["npx", "rest-endpoint"]);
        const sends = SENDS[line];
        const args = [BIN, ...words.slice(2), ...(sends ? ["--base-url", origin] : [])];
        const result = await run(args);
        expect(result.code, `${line}\n${result.stderr}`).toBe(0);
        PRINTS[line]?.(result.stdout);
        expect(received).toEqual(sends ?? []);
      }
    });
  }

  it("every sh line NOT_RUN and every SENDS, PRINTS and JSON_BLOCKS entry is still in the README", () => {
    const shLines = blocks.filter((block) => block.lang === "sh").flatMap((block) => block.code.split("\n"));
    for (const line of Object.keys(NOT_RUN)) expect(shLines).toContain(line);
    const keys = new Set([...blocks.map((block) => `${block.section}#${block.indexInSection}`), ...shLines]);
    for (const key of [...Object.keys(SENDS), ...Object.keys(PRINTS), ...Object.keys(JSON_BLOCKS)])
      expect(keys).toContain(key);
  });
});
