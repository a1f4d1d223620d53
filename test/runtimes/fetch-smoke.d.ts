/** Sends real requests with the runtime's fetch to the loopback server at `base`. */
export declare function runFetchSmoke(
  lib: typeof import("../../src/index.js") & typeof import("../../src/adapters/index.js"),
  base: string,
): Promise<{ passed: number; failed: string[] }>;
/** How many cases runFetchSmoke has. */
export declare const FETCH_CASES: number;
