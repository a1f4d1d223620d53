// Builds dist/: the package version into src/version.ts, declarations with tsc, and the code
// bundled by esbuild (one module per entry point plus shared chunks: a cold import reads a
// few files, not twenty), twice: with full error messages in dist/ and with short ones in
// dist/production/ (see src/endpoint-error.ts).
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
const common = {
  absWorkingDir: root.pathname,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // rest-endpoint-openapi is optional and imported by name at run time (the CLI's generate).
  external: ["node:*", "rest-endpoint-openapi"],
  chunkNames: "chunk-[hash]",
  logLevel: "warning",
};
// The development build (the default): full error messages. The entry points sit at the top of
// dist/, beside the declarations tsc mirrors from src/.
await build({
  ...common,
  entryPoints: {
    index: "src/index.ts",
    "uri-template": "src/template/uri-template.ts",
    operations: "src/route/describe-operations.ts",
    github: "src/route/github-operations.ts",
    generate: "src/generate/index.ts",
    bin: "src/cli/bin.ts",
  },
  outdir: "dist",
  define: { __DEV__: "true" },
});
// The production build (the `production` export condition): each error message is the code and
// a pointer to docs/errors.md. Only the syntax is minified, which drops the messages and the
// helpers only they used; names and lines stay for the user's own minifier and debugger.
await build({
  ...common,
  entryPoints: {
    index: "src/index.ts",
    "uri-template": "src/template/uri-template.ts",
    operations: "src/route/describe-operations.ts",
    github: "src/route/github-operations.ts",
  },
  outdir: "dist/production",
  define: { __DEV__: "false" },
  minifySyntax: true,
});
chmodSync(new URL("dist/bin.js", root), 0o755);
// The subpath's declarations beside its code, as the exports map names them.
writeFileSync(new URL("dist/uri-template.d.ts", root), 'export * from "./template/uri-template.js";\n');
writeFileSync(new URL("dist/operations.d.ts", root), 'export * from "./route/describe-operations.js";\n');
writeFileSync(new URL("dist/github.d.ts", root), 'export * from "./route/github-operations.js";\n');
writeFileSync(new URL("dist/generate.d.ts", root), 'export * from "./generate/index.js";\n');
