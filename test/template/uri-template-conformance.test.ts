// The RFC 6570 conformance suite (uri-templates/uritemplate-test, Apache-2.0; see
// test/fixtures/uritemplate-test/SOURCE.md), run as data: every case is one test.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EndpointError, parseTemplate } from "../../src/template/uri-template.js";

interface Group {
  level?: number;
  variables: Record<string, unknown>;
  testcases: [string, string | string[] | false][];
}

const files = [
  "spec-examples.json",
  "spec-examples-by-section.json",
  "extended-tests.json",
  "negative-tests.json",
];
let total = 0;

for (const file of files) {
  const url = new URL(`../fixtures/uritemplate-test/${file}`, import.meta.url);
  const groups = JSON.parse(readFileSync(url, "utf8")) as Record<string, Group>;
  describe(file, () => {
    for (const [groupName, group] of Object.entries(groups)) {
      describe(groupName, () => {
        for (const [template, expected] of group.testcases) {
          total++;
          it(`${template} -> ${JSON.stringify(expected)}`, () => {
            if (expected === false) {
              let error: unknown;
              try {
                parseTemplate(template).expand(group.variables);
              } catch (caught) {
                error = caught;
              }
              expect(error).toBeInstanceOf(EndpointError);
              expect((error as EndpointError).code).toMatch(/^invalid_(template|parameter)$/);
            } else {
              const actual = parseTemplate(template).expand(group.variables);
              expect(Array.isArray(expected) ? expected : [expected]).toContain(actual);
            }
          });
        }
      });
    }
  });
}

it("runs all 270 cases of the suite", () => {
  expect(total).toBe(270);
});
