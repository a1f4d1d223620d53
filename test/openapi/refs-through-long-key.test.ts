// loadDescription, many `$ref`s to a `$ref` to a long key: each once made the loader write the
// long key's pointer again (work and output in the product of their count and the key's
// length). The output's `$ref`s are measured: their total length grows with the input.
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { loadDescription } from "rest-endpoint-openapi";
import { describe, expect, it } from "vitest";
import { generateOperations } from "../../src/generate/index.js";
import { manyRefsThroughALongKey } from "../promises/3-linear-time/linear-shapes-channels.js";

/** The total length of the `$ref` strings in `value`. */
function refText(value: unknown, seen = new Set<unknown>()): number {
  if (typeof value !== "object" || value === null || seen.has(value)) return 0;
  seen.add(value);
  let total = 0;
  for (const [key, item] of Object.entries(value)) {
    total += key === "$ref" && typeof item === "string" ? item.length : refText(item, seen);
  }
  return total;
}

async function loaded(n: number): Promise<Record<string, unknown>> {
  const path = manyRefsThroughALongKey(n);
  try {
    return (await loadDescription(path)) as Record<string, unknown>;
  } finally {
    rmSync(dirname(path), { recursive: true, force: true });
  }
}

describe("n $refs to a $ref to a key of n slashes", () => {
  it("the $refs the loader writes grow about 4 times at 4n, never 16", async () => {
    const small = refText(await loaded(500));
    const large = refText(await loaded(2000));
    expect(large / small).toBeLessThan(6);
  });

  it("each $ref still leads to the schema under the long key", async () => {
    const doc = await loaded(50);
    const refs = doc.refs as { $ref: string }[];
    expect(refs).toHaveLength(50);
    for (const ref of refs) expect(ref.$ref).toBe("#/components/schemas/x0");
    const schemas = (doc.components as { schemas: Record<string, { $ref?: string }> }).schemas;
    expect(schemas.x0?.$ref).toBe(`#/components/schemas/${"~1".repeat(50)}`);
    const spec = {
      ...doc,
      paths: { "/a": { get: { requestBody: { content: { "application/json": { schema: refs[0] } } } } } },
    };
    expect(() => generateOperations(spec)).not.toThrow();
  });

  it("a $ref through a $ref on the way is still written as the final target's pointer", async () => {
    const doc = await loadDescriptionOf({
      openapi: "3.1.0",
      components: {
        schemas: { a: { $ref: "#/components/schemas/b" }, b: { properties: { p: { type: "string" } } } },
      },
      c: { $ref: "#/components/schemas/a/properties/p" },
    });
    expect((doc.c as { $ref: string }).$ref).toBe("#/components/schemas/b/properties/p");
  });
});

async function loadDescriptionOf(doc: object): Promise<Record<string, unknown>> {
  const { mkdtempSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-refs-"));
  try {
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(doc));
    return (await loadDescription(join(dir, "openapi.json"))) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
