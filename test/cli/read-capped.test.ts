// Standard input is read up to the size a request can carry (the executable's io, node-io.ts):
// a pipe of more is refused, never held without limit. Files stand in for the pipe: the read is
// the same `readSync` loop.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readCapped } from "../../src/cli/node-io.js";

const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-capped-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function readFileOf(size: number, max: number): Uint8Array {
  const file = join(dir, `in-${size}`);
  writeFileSync(
    file,
    Uint8Array.from({ length: size }, (_, i) => i % 251),
  );
  const fd = openSync(file, "r");
  try {
    return readCapped(fd, max);
  } finally {
    closeSync(fd);
  }
}

describe("readCapped", () => {
  it.each<[string, { given: { size: number; max: number } }]>([
    ["nothing", { given: { size: 0, max: 10 } }],
    ["less than the cap", { given: { size: 7, max: 10 } }],
    ["exactly the cap", { given: { size: 10, max: 10 } }],
    ["several chunks, exactly the cap", { given: { size: 3 * 64 * 1024 + 5, max: 3 * 64 * 1024 + 5 } }],
  ])("%s: every byte, in order", (_title, { given }) => {
    const bytes = readFileOf(given.size, given.max);
    expect(bytes.length).toBe(given.size);
    expect(bytes.every((byte, i) => byte === i % 251)).toBe(true);
  });

  it.each<[string, { given: { size: number; max: number } }]>([
    ["one byte past the cap", { given: { size: 11, max: 10 } }],
    ["a chunk past the cap", { given: { size: 2 * 64 * 1024, max: 64 * 1024 } }],
  ])("%s: refused, naming the cap", (_title, { given }) => {
    expect(() => readFileOf(given.size, given.max)).toThrow(
      `standard input is larger than ${given.max} bytes`,
    );
  });
});
