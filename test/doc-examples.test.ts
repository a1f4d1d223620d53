// Every public function's JSDoc carries an example, and every example runs. A line
// `expression; // value` (or the value on the next comment line) is checked: the expression
// must equal the value. Read from the published .d.ts files, which are what editors show.
import { readFileSync } from "node:fs";
import * as openapi from "rest-endpoint-openapi";
import { describe, expect, it } from "vitest";
import * as adapters from "../dist/adapters.js";
import * as generate from "../dist/generate.js";
import * as github from "../dist/github.js";
import * as main from "../dist/index.js";
import * as operations from "../dist/operations.js";
import * as uriTemplate from "../dist/uri-template.js";

const lib = { ...main, ...adapters, ...operations };
const DIST = new URL("../dist/", import.meta.url);
const PUBLIC = {
  "endpoint.d.ts": ["endpoint"],
  "types/endpoint.d.ts": ["defaults", "DEFAULTS", "merge", "parse"],
  "adapters/to-curl.d.ts": ["toCurl"],
  "adapters/to-fetch-args.d.ts": ["toFetchArgs"],
  "adapters/next-request.d.ts": ["nextRequest"],
  "adapters/paginate.d.ts": ["paginate"],
  "adapters/sender.d.ts": ["sender"],
  "adapters/response-error.d.ts": ["ResponseError"],
  "options/enterprise-server.d.ts": ["enterpriseServer"],
  "errors/endpoint-error.d.ts": ["EndpointError"],
  "template/uri-template.d.ts": ["parseTemplate", "expandTemplate"],
  "operations/describe-operations.d.ts": ["describeOperations", "operationRoutes"],
  "operations/move-servers.d.ts": ["moveServers"],
  "operations/with-plain-routes.d.ts": ["withPlainRoutes"],
  "operations/github-operations.d.ts": ["operations"],
  "generate/generate-operations.d.ts": ["generateOperations"],
  "generate/read-description.d.ts": ["readDescription"],
  // The second package's declarations, which the build writes beside its index.js.
  "../packages/openapi/index.d.ts": ["loadDescription", "readDescriptionText"],
};

/** Each `@example` code block with the name declared right after its comment. */
function examples(file: string): { name: string; code: string }[] {
  const text = readFileSync(new URL(file, DIST), "utf8");
  const found: { name: string; code: string }[] = [];
  for (const match of text.matchAll(
    /\/\*\*([\s\S]*?)\*\/\s*(?:export )?(?:declare )?(?:readonly )?(?:const |function |class )?(\w+)/g,
  )) {
    const [, comment = "", name = ""] = match;
    const block = /@example\s*```ts\n([\s\S]*?)```/.exec(comment.replace(/^\s*\* ?/gm, ""));
    if (block?.[1]) found.push({ name, code: block[1] });
  }
  return found;
}

/** Turns `expr; // value` lines into checks; returns the code and how many checks it holds. */
function withChecks(code: string): { code: string; checks: number } {
  const lines = code.split("\n").filter((line) => !line.startsWith("import "));
  const out: string[] = [];
  let checks = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const sameLine = /^(\s*)(?!const |let |if |await |return )(.+?);\s*\/\/ (.+)$/.exec(line);
    const nextLine = /^(\s*)(?!const |let |if |await |return )(.+?);$/.exec(line);
    const value = /^\s*\/\/ (.+)$/.exec(lines[i + 1] ?? "");
    if (sameLine) {
      out.push(`${sameLine[1]}check(${sameLine[2]}, ${sameLine[3]});`);
      checks++;
    } else if (nextLine && value) {
      out.push(`${nextLine[1]}check(${nextLine[2]}, ${value[1]});`);
      checks++;
      i++;
    } else {
      out.push(line);
    }
  }
  return { code: out.join("\n"), checks };
}

const AsyncFunction = (async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<void>;

describe("JSDoc examples", () => {
  for (const [file, names] of Object.entries(PUBLIC)) {
    const found = examples(file);
    it(`${file} documents ${names.join(", ")} with examples`, () => {
      expect(found.map((example) => example.name)).toEqual(expect.arrayContaining(names));
    });
    for (const { name, code } of found) {
      it(`${name}: the example runs and its values hold`, async () => {
        const { code: checked, checks } = withChecks(code);
        let ran = 0;
        const check = (actual: unknown, expected: unknown) => {
          ran++;
          expect(actual).toEqual(expected);
        };
        const fetched: unknown[] = [];
        const fetch = async (...args: unknown[]) => fetched.push(args);
        const scope = { ...lib, ...uriTemplate, ...generate, ...github, ...openapi, check, fetch };
        await new AsyncFunction(...Object.keys(scope), checked)(...Object.values(scope));
        expect(checks).toBeGreaterThan(0);
        expect(ran).toBe(checks);
      });
    }
  }
});
