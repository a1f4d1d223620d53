// loadDescription: every refusal is a plain Error that names the file, whatever library found it
// (yaml, the $ref bundler, the Swagger 2.0 upgrader).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDescription } from "rest-endpoint-openapi";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-load-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("loadDescription refuses with a plain Error", () => {
  it.each([
    [
      "an alias bomb",
      "openapi: 3.1.0\na: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n",
      "Excessive alias count",
    ],
    ["an alias to no anchor", "openapi: 3.1.0\na: *nowhere\n", "Unresolved alias"],
    [
      "Swagger 2.0 with a null parameter",
      "swagger: '2.0'\npaths:\n  /a:\n    get:\n      parameters: [null]\n",
      "cannot be upgraded to OpenAPI 3.1",
    ],
    [
      "Swagger 2.0 with consumes: 5",
      "swagger: '2.0'\nconsumes: 5\npaths:\n  /a:\n    post:\n      parameters: [{in: body, name: b, schema: {type: object}}]\n",
      "cannot be upgraded to OpenAPI 3.1",
    ],
    [
      "a $ref to a file that is not there",
      "openapi: 3.1.0\npaths:\n  /a: { $ref: './missing.yaml' }\n",
      "missing.yaml",
    ],
  ])("%s", async (name, text, message) => {
    const file = join(dir, `${name.replaceAll(/\W+/g, "-")}.yaml`);
    writeFileSync(file, text);
    let thrown: unknown;
    try {
      await loadDescription(file);
    } catch (error) {
      thrown = error;
    }
    expect(Object.getPrototypeOf(thrown)).toBe(Error.prototype);
    expect((thrown as Error).message).toContain(message);
  });
});
