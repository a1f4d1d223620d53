import { defineConfig } from "vitest/config";

/**
 * Tests that check the package, its size, the README, the types or the command line: they run
 * once, in the development project. Every other file runs twice: with full error messages
 * (`__DEV__` true, as in dist/) and with the short production messages (`__DEV__` false, as in
 * dist/production/), where only the message text checks differ (test/helpers.ts).
 */
const ONCE = [
  "test/package.test.ts",
  "test/bundle-size.test.ts",
  "test/readme.test.ts",
  "test/doc-examples.test.ts",
  "test/types/**",
  "test/cli/**",
  // Real descriptions through the built package: the whole APIs.guru directory, and end to end.
  "test/field/**",
  // The second package (rest-endpoint-openapi) has no production build.
  "test/openapi/**",
  // The source tree itself (its import graph): the same in both builds.
  "test/scripts/**",
];

/**
 * Tests that time the library (ratios of run times at n and 4n): they run after every other
 * file, one project at a time, so no other test file shares the two cores while they measure.
 */
const TIMED = ["test/linear-time.test.ts"];

export default defineConfig({
  test: {
    // test/linear-time.test.ts collects garbage before each timed run, so that a run does not
    // pay for the garbage of the one before it.
    execArgv: ["--expose-gc"],
    // CI also writes a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "test-results.json" }]] : ["default"],
    projects: [
      {
        extends: true,
        define: { __DEV__: true },
        test: {
          name: "development",
          include: ["test/**/*.test.ts"],
          exclude: TIMED,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        define: { __DEV__: false },
        test: {
          name: "production",
          include: ["test/**/*.test.ts"],
          exclude: [...ONCE, ...TIMED],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        define: { __DEV__: true },
        test: { name: "development timing", include: TIMED, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        define: { __DEV__: false },
        test: { name: "production timing", include: TIMED, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
