// The runtime smoke table (test/runtimes/smoke.js) against the sources: the same table that
// `npm run test:runtimes` runs on the packed package in Node 20/22/24, Bun, Deno, workerd and
// Chromium, and its real requests to the same loopback server.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };
import * as adapters from "../src/adapters/index.js";
import * as main from "../src/index.js";
import * as operations from "../src/operations/describe-operations.js";
import * as uriTemplate from "../src/template/uri-template.js";
import { FETCH_CASES, runFetchSmoke } from "./runtimes/fetch-smoke.js";
import { serve } from "./runtimes/loopback-server.js";
import { runSmoke } from "./runtimes/smoke.js";

const lib = { ...main, ...adapters, ...operations };

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

it("the runtime fetch smoke passes against the sources, with this Node's fetch", async () => {
  const server = createServer((request, response) => serve({}, request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const { passed, failed } = await runFetchSmoke(lib, `http://127.0.0.1:${port}`);
    expect(failed).toEqual([]);
    expect(passed).toBe(FETCH_CASES);
  } finally {
    server.close();
  }
});
