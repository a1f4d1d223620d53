// Where the bytes of `import { endpoint }` go: the main entry bundled from src/ as an
// application's production build would be (esbuild, minified, `__DEV__` false), then each
// source module's share, minified and gzipped on its own. Gzip does not add up across modules
// (shared words compress together), so the per-module gzip column is an upper bound; the total
// line is the whole bundle, and the package line is what test/bundle-size.test.ts measures
// (dist/production re-bundled). `node bench/bundle-weight.js [development]`
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = new URL("../", import.meta.url).pathname;
const development = process.argv[2] === "development";
const common = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  write: false,
  logLevel: "warning",
};
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).byteLength;

const fromSource = await build({
  ...common,
  stdin: {
    contents: 'import { endpoint } from "./src/index.ts"; globalThis.endpoint = endpoint;',
    resolveDir: root,
    loader: "ts",
  },
  define: { __DEV__: String(development) },
  metafile: true,
  outfile: "weight.js",
});
const output = Object.values(fromSource.metafile.outputs)[0];
const code = fromSource.outputFiles[0]?.contents ?? new Uint8Array();
// esbuild's bytesInOutput is each module's minified text in the bundle. For a gzip figure each
// module is also bundled alone, its imports left external.
const rows = Object.entries(output.inputs)
  .map(([file, { bytesInOutput }]) => ({ file, minified: bytesInOutput, gzipped: 0 }))
  .filter((row) => row.minified > 0 && !row.file.startsWith("<"));
await Promise.all(
  rows.map(async (row) => {
    const alone = await build({
      ...common,
      entryPoints: [row.file],
      define: { __DEV__: String(development) },
      plugins: [
        {
          name: "others-external",
          setup(plugin) {
            plugin.onResolve({ filter: /^\./ }, (args) =>
              args.kind === "entry-point" ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
      outfile: "alone.js",
    });
    row.gzipped = gzipped(alone.outputFiles[0]?.contents ?? new Uint8Array());
  }),
);

rows.sort((a, b) => b.minified - a.minified);
const pad = (value, width) => String(value).padStart(width);
console.log(`${development ? "development" : "production"} build of import { endpoint }, from src/`);
console.log(`${pad("minified", 9)} ${pad("gzip*", 6)}  module`);
for (const row of rows) console.log(`${pad(row.minified, 9)} ${pad(row.gzipped, 6)}  ${row.file}`);
console.log(`${pad(code.byteLength, 9)} ${pad(gzipped(code), 6)}  total (bundle)`);

const fromPackage = await build({
  ...common,
  stdin: {
    contents: 'import { endpoint } from "rest-endpoint"; globalThis.endpoint = endpoint;',
    resolveDir: root,
    loader: "js",
  },
  conditions: development ? [] : ["production"],
  outfile: "package.js",
});
const packaged = fromPackage.outputFiles[0]?.contents ?? new Uint8Array();
console.log(
  `${pad(packaged.byteLength, 9)} ${pad(gzipped(packaged), 6)}  package (dist, as the bundle-size test)`,
);
console.log("* each module minified and gzipped alone: an upper bound, shares do not add up");
