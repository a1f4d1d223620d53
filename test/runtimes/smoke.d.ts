/** Runs the smoke table and the conformance data against one implementation. */
export declare function runSmoke(
  lib: typeof import("../../src/index.js") &
    typeof import("../../src/adapters/index.js") &
    typeof import("../../src/operations/describe-operations.js"),
  uriTemplate: typeof import("../../src/template/uri-template.js"),
  conformance: Record<string, unknown>,
  version: string,
): { passed: number; failed: string[] };
