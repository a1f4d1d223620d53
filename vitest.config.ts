import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { OWN_GRAPH } from "./test/own-graph.js";
import { countWorkPlugin } from "./test/work/count-work-plugin.js";

/**
 * Tests that check the package, its size, the README, the types or the command line: they run
 * once, in the development project. Every other file runs twice: with full error messages
 * (`__DEV__` true, as in dist/) and with the short production messages (`__DEV__` false, as in
 * dist/production/), where only the message text checks differ (test/helpers.ts).
 */
export const ONCE = [
  "test/package.test.ts",
  "test/bundle-size.test.ts",
  "test/readme.test.ts",
  "test/readme-blocks.test.ts",
  "test/doc-examples.test.ts",
  "test/promises/promise-folders.test.ts",
  "test/types/**",
  "test/cli/**",
  // The second package (rest-endpoint-openapi) has no production build.
  "test/openapi/**",
  "test/promises/8-descriptions-as-data/bundle-refs.test.ts",
  // The source tree itself (its import graph) and the test configuration: the same in both builds.
  "test/scripts/**",
];

/**
 * Files whose second run, with the production build's short messages, `npm test` leaves to
 * `npm run test:field` (CI runs both): they walk code the production build shares with
 * development, and they are the slowest of the suite. The generator has no production build;
 * the fetch and curl integration and the caches' memory run the same code; fuzzing, properties
 * over the whole library and walks of engine-limit lengths run first with the fuller messages;
 * the counted files judge work, which messages do not change. `test/errors.test.ts` and the
 * other files still run both ways in `npm test`.
 */
export const PRODUCTION_IN_FIELD = [
  "test/promises/1-only-endpoint-error/only-endpoint-error.test.ts",
  "test/promises/11-merge-parse/property.test.ts",
  "test/promises/2-sendable-results/invariants.test.ts",
  "test/promises/9-isolation/isolation.test.ts",
  "test/promises/1-only-endpoint-error/endpoint-errors.test.ts",
  "test/promises/3-linear-time/channel-work.test.ts",
  "test/generate/**",
  "test/promises/8-descriptions-as-data/ref-pointers.test.ts",
  "test/adapters/integration.test.ts",
  "test/shared/bounded-cache.test.ts",
];

/**
 * The field: real descriptions (the whole APIs.guru directory, end to end), the packed
 * packages installed as a user would, and octokit's stack from npm. `npm run test:field` runs
 * them (vitest.field.config.ts); `npm test` leaves them out, so a contributor's run stays short.
 */
export const FIELD = ["test/field/**", "test/install/**", "test/octokit/**"];
/** The field's test files: the folders hold helpers beside them. */
export const FIELD_TESTS = FIELD.map((folder) => `${folder}/*.test.ts`);

/**
 * Files that judge work by counting it (test/work/): linear growth, and refusals that must come
 * before a product or a walk of a huge length is written. They run in projects of their own,
 * where the count-work plugin rewrites the library's source and the YAML reader: in `npm test`
 * with the development build's messages, in `npm run test:field` with the production build's.
 */
export const COUNTED = [
  "test/promises/3-linear-time/linear-time.test.ts",
  "test/promises/3-linear-time/bounded-work.test.ts",
  "test/promises/7-described-apis/hostile-descriptions.test.ts",
  "test/adapters/one-request.test.ts",
  "test/cli/conform-items.test.ts",
];
export const counted = {
  plugins: [countWorkPlugin()],
  // The YAML reader's ES module build, so that the plugin can count its work too.
  resolve: { alias: { yaml: fileURLToPath(new URL("node_modules/yaml/browser/index.js", import.meta.url)) } },
};

export default defineConfig({
  test: {
    // A guard against a hang, not a judge of speed: work is judged by counting it (test/work/),
    // so a test may take as long as a busy machine needs. Three workers keep both cores busy
    // while one waits on a process or a server it started (Vitest's default is one here).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    maxWorkers: 3,
    // The built package runs as Node loads it, one module graph with what it imports itself
    // (test/cli/run-executable.ts runs the built command line in the test's process).
    server: { deps: { external: [/\/dist\//] } },
    // CI also writes a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "test-results.json" }]] : ["default"],
    projects: [
      {
        extends: true,
        define: { __DEV__: true },
        test: {
          name: "development",
          include: ["test/**/*.test.ts"],
          exclude: [...FIELD, ...COUNTED, ...OWN_GRAPH],
          // One module graph per worker, as in the production project: starting and importing
          // per file was a large part of the run. Files that replace a module or a global
          // (vi.mock, vi.stubGlobal) run in a graph of their own, below.
          isolate: false,
        },
      },
      {
        extends: true,
        define: { __DEV__: true },
        test: { name: "development isolated", include: [...OWN_GRAPH] },
      },
      {
        extends: true,
        define: { __DEV__: false },
        test: {
          name: "production",
          include: ["test/**/*.test.ts"],
          exclude: [...ONCE, ...FIELD, ...COUNTED, ...PRODUCTION_IN_FIELD, ...OWN_GRAPH],
          // One module graph per worker, not one per file: half this project's CPU time was
          // starting and importing (71 CPU-s isolated, 36 shared, every test passing).
          isolate: false,
        },
      },
      {
        extends: true,
        define: { __DEV__: false },
        test: { name: "production isolated", include: [...OWN_GRAPH].filter((file) => !ONCE.includes(file)) },
      },
      {
        extends: true,
        ...counted,
        define: { __DEV__: true },
        test: { name: "development counted", include: COUNTED, server: { deps: { inline: [/yaml/] } } },
      },
    ],
  },
});
