// Builds rest-endpoint-openapi (packages/openapi) from its TypeScript sources: index.js, one ES
// module bundled by esbuild with its dependencies left as imports, and index.d.ts, the
// declarations tsc writes for src/index.ts. Those two files are what the package publishes
// (its exports map names them); they are build output, not committed, as dist/ is not.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

const NOTICE = "// Built by scripts/build.js from packages/openapi/src/; do not edit.\n";

/** Writes packages/openapi/index.js and index.d.ts under the repository at `root` (a file URL). */
export async function buildOpenapi(root) {
  const folder = new URL("packages/openapi/", root);
  await build({
    absWorkingDir: folder.pathname,
    entryPoints: ["src/index.ts"],
    outfile: "index.js",
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    // Its dependencies (`yaml`, @scalar/openapi-upgrader) stay imports: installed beside it.
    packages: "external",
    banner: { js: NOTICE.trimEnd() },
    logLevel: "warning",
  });
  const types = mkdtempSync(join(tmpdir(), "openapi-types-"));
  try {
    execFileSync(
      process.execPath,
      [
        new URL("node_modules/typescript/bin/tsc", root).pathname,
        "-p",
        new URL("tsconfig.json", folder).pathname,
        "--outDir",
        types,
      ],
      { cwd: root, stdio: "inherit" },
    );
    const declarations = readFileSync(join(types, "index.d.ts"), "utf8");
    // The package publishes this one file of declarations: it must name no other of src/.
    if (/from\s+["']\./.test(declarations)) {
      throw new Error(
        "packages/openapi/src/index.ts exports a type from another file: index.d.ts must stand alone.",
      );
    }
    writeFileSync(new URL("index.d.ts", folder), NOTICE + declarations);
  } finally {
    rmSync(types, { recursive: true, force: true });
  }
}
