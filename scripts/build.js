// Builds dist/: the package version into src/version.ts, declarations with tsc, and the code
// bundled by esbuild (core.js, what endpoint() needs, plus one module per entry point and the
// chunks the other entries share: a cold import of the main entry reads two files), twice:
// with full error messages in dist/ and with short ones in dist/production/ (see
// src/endpoint-error.ts). Then the workspace package rest-endpoint-openapi
// (scripts/build-openapi.js).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, transform } from "esbuild";
import { buildOpenapi } from "./build-openapi.js";
import { eagerFirstCall } from "./eager-first-call.js";

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
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // rest-endpoint-openapi is optional and imported by name at run time (the CLI's generate).
  external: ["node:*", "rest-endpoint-openapi"],
  logLevel: "warning",
  // White space and syntax minified, names kept: a cold start reads and pre-parses every byte
  // of core.js before the first call, and the readable layout cost about 1.2 ms of a 9 ms
  // import and first call (bench/cold-start.bench.js). Stack traces still name each function;
  // the user's own bundler renames the rest.
  minifyWhitespace: true,
  minifySyntax: true,
};

// The modules `import { endpoint }` needs, bundled once into core.js, which the main entry
// re-exports from and every other entry imports: a cold import reads two files, not six, and
// every entry shares one EndpointError class and one registry of operation tables.
const core = await coreModules();

/** The source files the main entry reaches, as absolute paths, the entry itself left out. */
async function coreModules() {
  const { metafile } = await build({
    ...common,
    entryPoints: ["src/index.ts"],
    define: { __DEV__: "true" },
    write: false,
    metafile: true,
    outdir: "dist",
  });
  // By file name, one order whatever order esbuild met the files in (it still puts a module's
  // imports before it) and whatever folder a file sits in: gzip reads the order too, and of the
  // orders measured (as met, by path, by folder, by file name) this one packs best.
  const fileName = (input) => input.slice(input.lastIndexOf("/") + 1);
  return new Set(
    Object.keys(metafile.inputs)
      .filter((input) => input !== "src/index.ts")
      .sort((a, b) => (fileName(a) < fileName(b) ? -1 : fileName(a) > fileName(b) ? 1 : 0))
      .map((input) => new URL(input, root).pathname),
  );
}

/** Imports of a core module become imports of core.js, beside every entry point. */
const coreImports = {
  name: "core-imports",
  setup(plugin) {
    plugin.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const file = join(args.resolveDir, args.path).replace(/\.js$/, ".ts");
      return core.has(file) ? { path: "./core.js", external: true } : undefined;
    });
  },
};

async function buildAll(outdir, entryPoints, options, { eager }) {
  // core.js unminified first, so that the functions an import and first call run can be found
  // and made eager (scripts/eager-first-call.js), then minified as the rest. Only in the
  // default build, which Node loads: a browser bundle would keep the parentheses (about 50
  // bytes gzipped) and compile the functions as the page loads, whether it calls endpoint() or not.
  const { outputFiles } = await build({
    ...common,
    ...options,
    minifyWhitespace: false,
    minifySyntax: false,
    write: false,
    stdin: {
      contents: [...core].map((file) => `export * from ${JSON.stringify(file)};`).join("\n"),
      resolveDir: root.pathname,
      loader: "ts",
    },
    outfile: `${outdir}/core.js`,
  });
  const text = outputFiles[0].text;
  const { code } = await transform(eager ? eagerFirstCall(text) : text, {
    format: "esm",
    target: common.target,
    minifyWhitespace: common.minifyWhitespace,
    minifySyntax: common.minifySyntax,
  });
  mkdirSync(new URL(outdir, root), { recursive: true });
  writeFileSync(new URL(`${outdir}/core.js`, root), code);
  await build({
    ...common,
    ...options,
    entryPoints,
    outdir,
    splitting: true,
    chunkNames: "chunk-[hash]",
    plugins: [coreImports],
  });
}

// The development build (the default): full error messages. The entry points sit at the top of
// dist/, beside the declarations tsc mirrors from src/.
await buildAll(
  "dist",
  {
    index: "src/index.ts",
    adapters: "src/adapters/index.ts",
    "uri-template": "src/template/uri-template.ts",
    operations: "src/operations/describe-operations.ts",
    github: "src/operations/github-operations.ts",
    generate: "src/generate/index.ts",
    bin: "src/cli/bin.ts",
    // The executable's io as a module of its own, so that tests run the built command in-process.
    "node-io": "src/cli/node-io.ts",
  },
  { define: { __DEV__: "true" } },
  { eager: true },
);
// The production build (the `production` export condition): each error message is the code and
// a pointer to docs/errors.md. Minified as above, which drops the messages and the helpers only
// they used; names stay for the user's own minifier and debugger.
await buildAll(
  "dist/production",
  {
    index: "src/index.ts",
    adapters: "src/adapters/index.ts",
    "uri-template": "src/template/uri-template.ts",
    operations: "src/operations/describe-operations.ts",
    github: "src/operations/github-operations.ts",
  },
  { define: { __DEV__: "false" } },
  { eager: false },
);
chmodSync(new URL("dist/bin.js", root), 0o755);
// The subpath's declarations beside its code, as the exports map names them.
writeFileSync(new URL("dist/adapters.d.ts", root), 'export * from "./adapters/index.js";\n');
writeFileSync(new URL("dist/uri-template.d.ts", root), 'export * from "./template/uri-template.js";\n');
writeFileSync(
  new URL("dist/operations.d.ts", root),
  'export * from "./operations/describe-operations.js";\n',
);
writeFileSync(new URL("dist/github.d.ts", root), 'export * from "./operations/github-operations.js";\n');
writeFileSync(new URL("dist/generate.d.ts", root), 'export * from "./generate/index.js";\n');
// The second package, rest-endpoint-openapi: its index.js and index.d.ts from its sources.
await buildOpenapi(root);
