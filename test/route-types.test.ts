// The committed typed-routes map (src/github-routes.ts) is what the generator makes of the
// committed route data: regenerate with `npm run generate:routes`.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { routeTypesSource } from "../scripts/route-types.js";

it("src/github-routes.ts is up to date with data/github-routes.json", () => {
  const data = JSON.parse(readFileSync(new URL("../data/github-routes.json", import.meta.url), "utf8"));
  const committed = readFileSync(new URL("../src/github-routes.ts", import.meta.url), "utf8");
  expect(committed === routeTypesSource(data)).toBe(true);
  expect(committed.match(/^ {2}"[A-Z]+ /gm)?.length).toBe(data.operations.length);
});
