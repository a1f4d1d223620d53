/**
 * Files that replace a module or a global for their own tests (`vi.mock`, `vi.stubGlobal`):
 * they need a module graph of their own, which the other files share in each worker.
 * test/scripts/test-config.test.ts holds this list to the files that do.
 */
export const OWN_GRAPH: readonly string[] = [
  "test/adapters/fetch-input.test.ts",
  "test/promises/4-no-prototype-pollution/prototype-pollution.test.ts",
  "test/promises/8-descriptions-as-data/bundle-refs.test.ts",
];
