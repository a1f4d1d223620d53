// GitHub's operation table (rest-endpoint/github) against the same builder without it, over the
// example call of every operation in data/github-routes.json: the table changes how GitHub's
// array query parameters are sent, and nothing else. docs/operations.md lists those parameters.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import routes from "../../data/github-routes.json" with { type: "json" };
import { githubOperationsSource } from "../../scripts/route-types.js";
import { endpoint } from "../../src/index.js";
import { operations } from "../../src/operations/github-operations.js";

type Operation = {
  method: string;
  url: string;
  template?: string;
  params?: Record<string, string>;
  example: Record<string, unknown>;
};
const OPERATIONS = routes.operations as Operation[];
const github = endpoint.defaults({ operations });

/** The parameters the table sends otherwise: exploded form in the template, or a code. */
function arrayParameters(op: Operation): string[] {
  const exploded = [...(op.template ?? op.url).matchAll(/\{\?([^}]*)\}/g)].flatMap((m) =>
    (m[1] ?? "")
      .split(",")
      .filter((v) => v.endsWith("*"))
      .map((v) => v.slice(0, -1)),
  );
  return [...exploded, ...Object.keys(op.params ?? {})];
}

const pairs = (url: string) => [...new URL(url).searchParams].map(([k, v]) => `${k}=${v}`).sort();

describe("rest-endpoint/github", () => {
  it("src/operations/github-operations.ts is up to date with data/github-routes.json", () => {
    const committed = readFileSync(
      new URL("../../src/operations/github-operations.ts", import.meta.url),
      "utf8",
    );
    expect(committed === githubOperationsSource(routes)).toBe(true);
  });

  it("every example call gives the same request with and without the table, but for array parameters", () => {
    let compared = 0;
    for (const op of OPERATIONS) {
      const route = `${op.method} ${op.url}`;
      const call = { ...op.example };
      for (const name of arrayParameters(op)) delete call[name];
      const plain = endpoint(route, call);
      const described = github(route, call);
      expect({ ...described, url: "" }, route).toEqual({ ...plain, url: "" });
      expect(described.url.split("?")[0], route).toBe(plain.url.split("?")[0]);
      // The query in the description's order: the same pairs.
      expect(pairs(described.url), route).toEqual(pairs(plain.url));
      compared++;
    }
    expect(compared).toBe(1223);
  });

  it("sends array parameters as docs/operations.md says", () => {
    const docs = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
    const start = docs.indexOf("## GitHub's operations");
    const section = docs.slice(start, docs.indexOf("\n## ", start + 1));
    const names = new Set<string>();
    for (const op of OPERATIONS) {
      for (const name of arrayParameters(op)) {
        names.add(name);
        const call: Record<string, unknown> = { ...op.example, [name]: ["a", "b"] };
        const url = new URL(github(`${op.method} ${op.url}`, call).url);
        const code = op.params?.[name];
        const sentName = code?.split(" ")[2] ?? name;
        expect(url.searchParams.getAll(sentName), `${op.url} ${name}`).toEqual(["a", "b"]);
        // Each class is shown by one example in the table of docs/operations.md.
        expect(section).toContain(sentName === name ? "`has=a&has=b`" : "`fields%5B%5D=a&fields%5B%5D=b`");
        if (sentName !== name) expect(sentName).toBe(`${name}[]`);
      }
    }
    for (const name of names) expect(section, name).toContain(`\`${name}\``);
    expect([...names].sort()).toEqual([
      "affects",
      "creator_id",
      "cwes",
      "exclude",
      "fields",
      "has",
      "owner",
      "sort",
      "token_id",
    ]);
  });
});
