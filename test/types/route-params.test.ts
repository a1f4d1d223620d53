// The committed typed-routes map (src/types/github-routes.ts) is what the generator makes of the
// committed route data: regenerate with `npm run generate:routes`.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { OPTION_KEYS, routeTypesSource } from "../../scripts/route-types.js";

it("src/types/github-routes.ts is up to date with data/github-routes.json", () => {
  const data = JSON.parse(readFileSync(new URL("../../data/github-routes.json", import.meta.url), "utf8"));
  const committed = readFileSync(new URL("../../src/types/github-routes.ts", import.meta.url), "utf8");
  expect(committed === routeTypesSource(data)).toBe(true);
  expect(committed.match(/^ {2}"[A-Z]+ /gm)?.length).toBe(data.operations.length);
});

it("types body fields named url or method as parameters, other option names only in data", () => {
  const data = JSON.parse(readFileSync(new URL("../../data/github-routes.json", import.meta.url), "utf8"));
  const source = routeTypesSource(data);
  const entry = (route: string) => source.split("\n").find((line) => line.startsWith(`  "${route}": `)) ?? "";
  const named = (data.operations as { method: string; url: string; body: { name: string }[] }[]).filter(
    (op) => op.body.some((field) => OPTION_KEYS.has(field.name)),
  );
  // GitHub's webhook configs and private registries: five operations with a body field url.
  expect(named.map((op) => `${op.method} ${op.url}`).sort()).toStrictEqual([
    "PATCH /app/hook/config",
    "PATCH /orgs/{org}/hooks/{hook_id}/config",
    "PATCH /orgs/{org}/private-registries/{secret_name}",
    "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config",
    "POST /orgs/{org}/private-registries",
  ]);
  for (const op of named) {
    // The parameters, without the typed data that can also carry the body.
    // (Keys are written bare where they are identifiers, as TypeScript prints them back.)
    const params = entry(`${op.method} ${op.url}`).replace(/data\??: \{[^{}]*\}/g, "");
    expect(params).toMatch(/[{;] url\??: string/);
  }
  // The rule on made-up operations: method and url are fields; a required field named like an
  // option that keeps its meaning beside a route (headers) can only travel in data.
  const made = (body: { name: string; required: boolean; type: string }[]) => ({
    method: "POST",
    url: "/x",
    path: [],
    query: [],
    body,
    bodyRequired: true,
    dataType: "{ [key: string]: unknown }",
  });
  const lines = routeTypesSource({
    about: data.about,
    operations: [
      made([
        { name: "method", required: true, type: "string" },
        { name: "url", required: false, type: "string" },
        { name: "headers", required: false, type: "string" },
      ]),
      made([
        { name: "url", required: true, type: "string" },
        { name: "headers", required: true, type: "string" },
      ]),
    ],
  })
    .split("\n")
    .filter((line) => line.startsWith('  "POST /x"'));
  expect(lines).toStrictEqual([
    '  "POST /x": ({ data: { [key: string]: unknown } } | { method: string; url?: string | undefined });',
    '  "POST /x": { data: { [key: string]: unknown } };',
  ]);
});
