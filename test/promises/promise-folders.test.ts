// SECURITY.md's promises and their test folders held to each other: each numbered promise
// names its folder first (`promises/<n>-<name>/`, its tests inside), each folder of
// test/promises/ is one promise's, and every test the table names exists.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const TEST = new URL("../", import.meta.url);
const PROMISES = new URL("./", import.meta.url);

/** The rows of SECURITY.md's table of promises: the number and the names in its Tests column. */
function promiseRows(): { number: string; tests: string[] }[] {
  const security = readFileSync(new URL("../SECURITY.md", TEST), "utf8");
  const table =
    /^\| # \| Promise \| Channels \| Tests \|\n\|[-|]+\|\n((?:\|.*\|\n?)+)/m.exec(security)?.[1] ?? "";
  return table
    .trim()
    .split("\n")
    .map((row) => {
      const cells = row.split(" | ");
      return {
        number: (cells[0] ?? "").replace(/^\|\s*/, ""),
        tests: [...(cells.at(-1) ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1] as string),
      };
    });
}

const FOLDERS = readdirSync(PROMISES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("SECURITY.md's promises and test/promises/", () => {
  const rows = promiseRows();

  it("numbers the promises once, from 1 up", () => {
    expect(rows.map((row) => row.number)).toEqual(rows.map((_, index) => String(index + 1)));
    expect(rows.length).toBeGreaterThanOrEqual(10);
  });

  it.each(promiseRows().map((row) => [row.number, row] as const))(
    "promise %s names its own folder first, and the folder holds tests",
    (number, { tests }) => {
      const folder = tests[0] ?? "";
      expect(folder).toMatch(new RegExp(`^promises/${number}-[a-z-]+/$`));
      const name = folder.slice("promises/".length, -1);
      expect(FOLDERS).toContain(name);
      expect(
        readdirSync(new URL(`${name}/`, PROMISES)).filter((file) => file.endsWith(".test.ts")),
      ).not.toEqual([]);
    },
  );

  it("each folder of test/promises/ is one promise's", () => {
    expect([...FOLDERS].sort()).toEqual(
      rows.map((row) => (row.tests[0] ?? "").slice("promises/".length, -1)).sort(),
    );
  });

  it("every test the table names exists", () => {
    const missing = rows
      .flatMap((row) => row.tests)
      .filter((name) => !existsSync(new URL(name.endsWith("/") ? name : `${name}.test.ts`, TEST)));
    expect(missing).toEqual([]);
  });
});
