// The size a browser user pays for `import { endpoint } from "rest-endpoint"`: bundled and
// minified by esbuild, gzipped, as a production build (the `production` export condition,
// which Vite and webpack set in production builds) and as a development build. A size, not a
// timing, so it belongs in the test suite.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { expect, it } from "vitest";

/**
 * The production build, whose error messages are short: today's size plus a little, to stop
 * growth. Each new byte is bought by a cut; CHANGELOG.md (Bundle size) says what each change of
 * the budget bought.
 */
const PRODUCTION_BUDGET = 8_236;
/** The development build, with full error messages: today's size plus a little, to stop growth. */
const DEVELOPMENT_BUDGET = 12_399;

const ENDPOINT_ONLY = 'import { endpoint } from "rest-endpoint"; globalThis.endpoint = endpoint;';

/** `source` bundled and minified by esbuild for a browser, as an application would ship it. */
async function bundled(source: string, conditions: string[] = []): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents: source, resolveDir: new URL("..", import.meta.url).pathname, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions,
    write: false,
  });
  return result.outputFiles[0]?.contents ?? new Uint8Array();
}

async function gzippedSize(source: string, conditions: string[] = []): Promise<number> {
  return gzipSync(await bundled(source, conditions), { level: 9 }).byteLength;
}

it(`import { endpoint } stays within ${PRODUCTION_BUDGET} bytes gzipped in a production build`, async () => {
  const size = await gzippedSize(ENDPOINT_ONLY, ["production"]);
  expect(size).toBeGreaterThan(1000);
  expect(size).toBeLessThanOrEqual(PRODUCTION_BUDGET);
});

it(`import { endpoint } stays within ${DEVELOPMENT_BUDGET} bytes gzipped in a development build`, async () => {
  const size = await gzippedSize(ENDPOINT_ONLY);
  expect(size).toBeGreaterThan(await gzippedSize(ENDPOINT_ONLY, ["production"]));
  expect(size).toBeLessThanOrEqual(DEVELOPMENT_BUDGET);
  expect(await gzippedSize(ENDPOINT_ONLY, ["development"])).toBe(size);
});

it("a minified bundle keeps the members' names (a minifier renames variables, not property keys)", async () => {
  for (const conditions of [[], ["production"]]) {
    const code = new TextDecoder().decode(
      await bundled('import { endpoint } from "rest-endpoint"; export default endpoint;', conditions),
    );
    const { default: bundledEndpoint } = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    for (const builder of [bundledEndpoint, bundledEndpoint.defaults({ method: "POST" })]) {
      expect([builder.name, builder.merge.name, builder.parse.name, builder.defaults.name]).toStrictEqual([
        "endpoint",
        "merge",
        "parse",
        "defaults",
      ]);
    }
  }
});

it("the adapters, the pagination and enterprise helpers and the CLI are not in that bundle (tree-shaking works)", async () => {
  for (const conditions of [[], ["production"]]) {
    const endpointOnly = await gzippedSize(ENDPOINT_ONLY, conditions);
    const withAdapters = await gzippedSize(
      'import { endpoint } from "rest-endpoint"; import { toCurl, toFetchArgs } from "rest-endpoint/adapters"; globalThis.x = [endpoint, toCurl, toFetchArgs];',
      conditions,
    );
    expect(withAdapters).toBeGreaterThan(endpointOnly);
    for (const [helper, from] of [
      ["nextRequest", "rest-endpoint/adapters"],
      ["paginate", "rest-endpoint/adapters"],
      ["enterpriseServer", "rest-endpoint"],
    ]) {
      const withHelper = await gzippedSize(
        `import { endpoint } from "rest-endpoint"; import { ${helper} } from "${from}"; globalThis.x = [endpoint, ${helper}];`,
        conditions,
      );
      expect(withHelper, helper).toBeGreaterThan(endpointOnly);
    }
  }
});

it("operation data, its reader and the OpenAPI serialisers are only in bundles that import them", async () => {
  const source = async (code: string): Promise<string> =>
    new TextDecoder().decode(await bundled(code, ["production"]));
  const endpointOnly = await source(ENDPOINT_ONLY);
  for (const marker of ["deepObject", "spaceDelimited", "%7C", "repos/{owner}/{repo}/issues"]) {
    expect(endpointOnly, marker).not.toContain(marker);
  }
  const withReader = await source(
    'import { endpoint } from "rest-endpoint"; import { describeOperations } from "rest-endpoint/operations"; globalThis.x = [endpoint, describeOperations];',
  );
  expect(withReader).toContain("deepObject");
  expect(withReader).not.toContain("repos/{owner}/{repo}/issues");
  // GitHub's 1,223 operations: only for those who import them.
  const withGitHub = await source(
    'import { endpoint } from "rest-endpoint"; import { operations } from "rest-endpoint/github"; globalThis.x = endpoint.defaults({ operations });',
  );
  expect(withGitHub).toContain("repos/{owner}/{repo}/issues");
});
