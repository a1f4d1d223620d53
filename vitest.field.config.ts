import { defineConfig } from "vitest/config";
import { FIELD_TESTS } from "./vitest.config.js";

/**
 * The field suites (`npm run test:field`): what users have, rather than the project's fixtures.
 * The whole APIs.guru directory through the generator and the builder, the typed field test,
 * the packed packages installed as a user installs them, and octokit's stack from npm. They
 * take minutes, so `npm test` leaves them out; CI runs both.
 */
export default defineConfig({
  test: {
    include: FIELD_TESTS,
    // A guard against a hang, not a judge of speed: the directory alone takes minutes.
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    maxWorkers: 2,
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "test-results-field.json" }]]
      : ["default"],
  },
  define: { __DEV__: true },
});
