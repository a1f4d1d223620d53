// Builds dist/: the package version into src/version.ts, declarations with tsc, and the code
// bundled by esbuild (one module per entry point plus shared chunks: a cold import reads a
// few files, not twenty).
import { execFileSync } from "node:child_process";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const root = new URL("../", import.meta.url);
const { version } = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const versionFile = new URL("src/version.ts", root);
const versionText = `// Written by scripts/build.js from package.json at build time; do not edit.\n/** The package version, as in the default user-agent. */\nexport const VERSION: string = ${JSON.stringify(version)};\n`;
if (readFileSync(versionFile, "utf8") !== versionText) writeFileSync(versionFile, versionText);

rmSync(new URL("dist", root), { recursive: true, force: true });
execFileSync(
  process.execPath,
  [new URL("node_modules/typescript/bin/tsc", root).pathname, "-p", "tsconfig.build.json"],
  {
    cwd: root,
    stdio: "inherit",
  },
);
await build({
  absWorkingDir: root.pathname,
  entryPoints: ["src/index.ts", "src/uri-template.ts", "src/bin.ts"],
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  external: ["node:*"],
  chunkNames: "chunk-[hash]",
  logLevel: "warning",
});
chmodSync(new URL("dist/bin.js", root), 0o755);
