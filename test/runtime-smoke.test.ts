// The runtime smoke table (test/runtimes/smoke.js) against the sources: the same table that
// `npm run test:runtimes` runs on the packed package in Node 20/22/24, Bun, Deno and Chromium.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };
import * as lib from "../src/index.js";
import * as uriTemplate from "../src/template/uri-template.js";
import { runSmoke } from "./runtimes/smoke.js";

const FIXTURES = [
  "spec-examples.json",
  "spec-examples-by-section.json",
  "extended-tests.json",
  "negative-tests.json",
];

it("the runtime smoke table passes against the sources", () => {
  const conformance = Object.fromEntries(
    FIXTURES.map((file) => [
      file,
      JSON.parse(readFileSync(new URL(`./fixtures/uritemplate-test/${file}`, import.meta.url), "utf8")),
    ]),
  );
  const { passed, failed } = runSmoke(lib, uriTemplate, conformance, packageJson.version);
  expect(failed).toEqual([]);
  expect(passed).toBe(23 + 270);
});
