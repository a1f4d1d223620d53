// One file type-checked the way bench:types measures it: `tsc --noEmit --extendedDiagnostics`
// with strict options, the median of `runs` compilations. Shared by bench/type-check.js
// (GitHub's routes against @octokit/request) and bench/described-type-check.js (generated
// modules against openapi-typescript + openapi-fetch).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

export const COMPILERS = [
  ["TypeScript 7.0", join(ROOT, "node_modules", "typescript", "bin", "tsc")],
  ["TypeScript 5.9", join(ROOT, "node_modules", "typescript59", "bin", "tsc")],
];

/** The median of `runs` compilations: check and total time in seconds, memory in kB, counts. */
export function checkTypes(tsc, dir, file, runs = 3) {
  const results = [];
  for (let run = 0; run < runs; run++) {
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
      output = execFileSync("node", ["--expose-gc", "--max-old-space-size=6144", ...args], {
        cwd: dir,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      output = error.stdout;
    }
    const field = (name) =>
      Number.parseFloat((output.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m")) ?? [])[1] ?? "NaN");
    if (process.env.SHOW_ERRORS && run === 0) {
      for (const line of output.split("\n")) if (line.includes("error TS")) console.log(line);
    }
    results.push({
      check: field("Check time"),
      total: field("Total time"),
      memory: field("Memory used"),
      errors: (output.match(/error TS/g) ?? []).length,
      // The same on every run, unlike time and memory on a busy machine: what the types cost.
      types: field("Types"),
      instantiations: field("Instantiations"),
    });
  }
  const median = (key) => results.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs / 2)];
  const [first] = results;
  return {
    check: median("check"),
    total: median("total"),
    memory: median("memory"),
    errors: first.errors,
    types: first.types,
    instantiations: first.instantiations,
  };
}
