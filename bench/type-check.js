// Type-check cost of typed routes: a file of 100 calls over distinct GitHub routes, checked
// with rest-endpoint's types and with @octokit/request's, on TypeScript 7 and 5.9.
// `node bench/type-check.js` (needs a build); prints time and memory from --extendedDiagnostics.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const { operations } = JSON.parse(readFileSync(join(ROOT, "data", "github-routes.json"), "utf8"));
// 100 distinct routes, spread over the API, with their realistic examples (body in data when clashing).
const picked = operations.filter((_, i) => i % 12 === 0).slice(0, 100);
const calls = picked.map((op, i) => {
  const { data, headers, ...params } = op.example;
  return `export const c${i} = call(${JSON.stringify(`${op.method} ${op.url}`)}, ${JSON.stringify(params)});`;
});
const files = {
  "rest-endpoint.ts": `import { endpoint as call } from "rest-endpoint";\n${calls.join("\n")}\n`,
  "octokit-request.ts": `import { request as call } from "@octokit/request";\n${calls.join("\n")}\n`,
};
const COMPILERS = [
  ["TypeScript 7.0", join(ROOT, "node_modules", "typescript", "bin", "tsc")],
  ["TypeScript 5.9", join(ROOT, "node_modules", "typescript59", "bin", "tsc")],
];

const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-types-"));
try {
  // A consumer's node_modules: the package itself (by name, through its exports) and the peers.
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(ROOT, join(dir, "node_modules", "rest-endpoint"));
  for (const scope of ["@octokit", "@types", "undici-types"]) {
    symlinkSync(join(ROOT, "node_modules", scope), join(dir, "node_modules", scope));
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  console.log("| checker | types | check time | total time | memory | errors |");
  console.log("|---|---|---|---|---|---|");
  for (const [label, tsc] of COMPILERS) {
    for (const file of Object.keys(files)) {
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
        output = execFileSync("node", args, { cwd: dir, encoding: "utf8" });
      } catch (error) {
        output = error.stdout;
      }
      const field = (name) => (output.match(new RegExp(`^${name}:\\s+(.+)$`, "m")) ?? [])[1]?.trim() ?? "?";
      const errors = (output.match(/error TS/g) ?? []).length;
      if (process.env.SHOW_ERRORS)
        console.log(
          output
            .split("\n")
            .filter((line) => line.includes("error TS"))
            .join("\n"),
        );
      console.log(
        `| ${label} | ${file.replace(".ts", "")} | ${field("Check time")} | ${field("Total time")} | ${field("Memory used")} | ${errors} |`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
