import { defineConfig } from "vitest/config";
import { COUNTED, counted, FIELD_TESTS, ONCE, PRODUCTION_IN_FIELD } from "./vitest.config.js";

/**
 * The field suites (`npm run test:field`): what users have, rather than the project's fixtures.
 * The whole APIs.guru directory through the generator and the builder, the typed field test,
 * the packed packages installed as a user installs them, and octokit's stack from npm; and the
 * slowest files' second run with the production build's short messages (PRODUCTION_IN_FIELD and
 * the counted files), which `npm test` leaves here. They take minutes, so `npm test` leaves them out; CI runs both.
 */
export default defineConfig({
  test: {
    // A guard against a hang, not a judge of speed: the directory alone takes minutes.
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    maxWorkers: 2,
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "test-results-field.json" }]]
      : ["default"],
    projects: [
      { extends: true, define: { __DEV__: true }, test: { name: "field", include: FIELD_TESTS } },
      {
        extends: true,
        define: { __DEV__: false },
        test: { name: "production", include: PRODUCTION_IN_FIELD },
      },
      {
        extends: true,
        ...counted,
        define: { __DEV__: false },
        test: {
          name: "production counted",
          include: COUNTED,
          exclude: ONCE,
          server: { deps: { inline: [/yaml/] } },
        },
      },
    ],
  },
});
