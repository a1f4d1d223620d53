import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // CI also writes a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "test-results.json" }]] : ["default"],
  },
});
