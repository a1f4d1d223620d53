// Linear time on any input: each shape runs at size n and 4n, and its work may grow about 4x,
// never 16x (quadratic). Work is counted, not timed (test/work/: every function call and loop
// iteration of the library, and what the built-ins it calls scan), so a busy machine reads the
// same ratios as a quiet one. The shapes include those of the ReDoS advisory against
// @octokit/endpoint (GHSA-x4c5-c7rf-jjgv).

import { readDescriptionText } from "rest-endpoint-openapi";
import { describe, expect, it } from "vitest";
import { nextRequest, toFetchArgs } from "../../../src/adapters/index.js";
import { generateOperations } from "../../../src/generate/index.js";
import { endpoint } from "../../../src/index.js";
import { describeOperations } from "../../../src/operations/describe-operations.js";
import { parseTemplate } from "../../../src/template/uri-template.js";
import { isCounting, workOf } from "../../work/work-counter.js";
import { CHANNEL_SHAPES } from "./linear-shapes-channels.js";

let unique = 0;
/** Routes are cached: a fresh suffix makes every run compile again. */
const fresh = (): string => `/u${unique++}`;
const quietly = (run: () => unknown): void => {
  try {
    run();
  } catch {
    // many shapes are invalid input: the time to reject them is what is measured
  }
};

class Instance {
  field = 1;
}
class Private {
  #state = 1;
  get state(): number {
    return this.#state;
  }
}

const SHAPES: [string, (n: number) => () => void][] = [
  // Each object in a body was once told by checks that throw: many of them took seconds.
  [
    "many empty objects in a body",
    (n) => () => endpoint(`POST ${fresh()}`, { data: Array.from({ length: n / 4 }, () => ({})) }),
  ],
  [
    "one object with no prototype shared many times in a body, written by toFetchArgs",
    (n) => {
      const shared = Object.create(null) as object;
      const body = Array.from({ length: n / 4 }, () => shared);
      return () => toFetchArgs({ method: "post", url: `${fresh()}`, headers: {}, body });
    },
  ],
  [
    "many empty objects with no prototype in a body (as querystring.parse makes them)",
    (n) => () =>
      endpoint(`POST ${fresh()}`, { data: Array.from({ length: n / 8 }, () => Object.create(null)) }),
  ],
  [
    "many instances of a class with only private state in a body",
    (n) => () => endpoint(`POST ${fresh()}`, { data: Array.from({ length: n / 8 }, () => new Private()) }),
  ],
  [
    "many dates and class instances in a body",
    (n) => () =>
      endpoint(`POST ${fresh()}`, {
        data: Array.from({ length: n / 8 }, (_, i) => (i % 2 === 0 ? new Date(i) : new Instance())),
      }),
  ],
  [
    "a long run of one character in accept, with previews",
    (n) => () =>
      quietly(() =>
        endpoint(`GET ${fresh()}`, { headers: { accept: "a".repeat(n) }, mediaType: { previews: ["p"] } }),
      ),
  ],
  [
    "many vendor parts in accept, with a format",
    (n) => () =>
      quietly(() =>
        endpoint(`GET ${fresh()}`, {
          headers: { accept: "application/vnd.github.,".repeat(n / 20) },
          mediaType: { format: "raw" },
        }),
      ),
  ],
  // Described operations: a big table, many described parameters, and the generator's input.
  [
    "a table of many operations, made and used",
    (n) => {
      const data = Object.fromEntries(
        Array.from({ length: n / 8 }, (_, i) => [
          `GET /r${i}/{id}`,
          { url: `/r${i}/{id}{?a*}`, params: { d: "query deepObject*" } },
        ]),
      );
      return () => {
        const api = endpoint.defaults({ operations: describeOperations(data) });
        api(`GET /r${n / 16}/{id}`, { id: 1, a: [1], d: { k: 1 } });
      };
    },
  ],
  [
    "a deep object, a delimited list, a header list and a cookie list of many items",
    (n) => {
      const operations = describeOperations({
        "GET /x": {
          url: "/x",
          params: {
            d: "query deepObject*",
            p: "query pipeDelimited",
            h: "header simple*",
            c: "cookie form*",
          },
        },
      });
      const api = endpoint.defaults({ operations });
      const items = Array.from({ length: n / 8 }, (_, i) => `v${i}`);
      const object = Object.fromEntries(items.map((item) => [item, item]));
      return () => api("GET /x", { d: object, p: items, h: object, c: items });
    },
  ],
  [
    "a YAML description of many operations, read and generated",
    (n) => {
      const lines = ["openapi: 3.1.0", "info: { title: t, version: '1' }", "paths:"];
      for (let i = 0; i < n / 40; i++) {
        lines.push(
          `  /r${i}/{id}:`,
          "    get:",
          "      parameters:",
          "        - { name: id, in: path, required: true }",
        );
      }
      const text = lines.join("\n");
      return () => generateOperations(readDescriptionText(text));
    },
  ],
  [
    "a schema that refers to itself many times",
    (n) => {
      const k = Math.round(Math.sqrt(n / 4));
      const ref = { $ref: "#/components/schemas/s" };
      const spec = {
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: { "/x": { post: { requestBody: { content: { "application/json": { schema: ref } } } } } },
        components: {
          schemas: {
            s: {
              type: "object",
              properties: Object.fromEntries(
                Array.from({ length: k }, (_, i) => [
                  `p${i}`,
                  { oneOf: Array.from({ length: k }, () => ref) },
                ]),
              ),
            },
          },
        },
      };
      return () => generateOperations(spec);
    },
  ],
  [
    "a path of many path parameters",
    (n) => {
      const names = Array.from({ length: n / 40 }, (_, i) => `p${i}`);
      const path = `/${names.map((name) => `{${name}}`).join("/")}`;
      const spec = {
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: {
          [path]: {
            get: { parameters: names.map((name) => ({ name, in: "path", required: true, style: "label" })) },
          },
        },
      };
      return () => generateOperations(spec);
    },
  ],
  [
    "a schema whose type lists many names, with many keys",
    (n) => {
      const schema: Record<string, unknown> = { type: Array.from({ length: n / 20 }, (_, i) => `t${i}`) };
      for (let i = 0; i < n / 20; i++) schema[`k${i}`] = 1;
      const spec = {
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: { "/a": { get: { parameters: [{ name: "q", in: "query", schema }] } } },
      };
      return () => generateOperations(spec);
    },
  ],
  [
    "many $refs to one $ref with a long pointer",
    (n) => {
      const key = "k".repeat(n);
      const spec = {
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        components: {
          parameters: { p: { $ref: `#/components/x/${key}` } },
          x: { [key]: { name: "q", in: "query" } },
        },
        paths: {
          "/a": {
            get: {
              parameters: Array.from({ length: n / 50 }, () => ({ $ref: "#/components/parameters/p" })),
            },
          },
        },
      };
      return () => generateOperations(spec);
    },
  ],
  [
    "deeply nested YAML flow collections",
    (n) => () => quietly(() => readDescriptionText(`a: ${"[".repeat(n / 40)}`)),
  ],
  ["a long run of {", (n) => () => quietly(() => endpoint(`GET ${fresh()}/${"{".repeat(n)}`))],
  // Each {/a} once asked whether the growing path ended in "/": quadratic (12.7 s at 160,000).
  ["many {/a} in a row", (n) => () => endpoint(`GET ${fresh()}${"{/a}".repeat(n)}`, { a: "x" })],
  [
    "a { followed by many NUL bytes",
    (n) => () => quietly(() => endpoint(`GET ${fresh()}/{${"\0".repeat(n)}`)),
  ],
  [
    "a variable name of n characters",
    (n) => () => quietly(() => parseTemplate(`${fresh()}{${"a".repeat(n)}`)),
  ],
  [
    "thousands of placeholders",
    (n) => () => {
      const values: Record<string, string> = {};
      let template = fresh();
      for (let i = 0; i < n / 20; i++) {
        template += `/{p${i}}`;
        values[`p${i}`] = "v";
      }
      endpoint(`GET ${template}`, values);
    },
  ],
  [
    "thousands of query parameters",
    (n) => () => {
      const values: Record<string, number> = {};
      for (let i = 0; i < n / 20; i++) values[`q${i}`] = i;
      endpoint(`GET ${fresh()}`, values);
    },
  ],
  [
    "thousands of headers",
    (n) => () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < n / 20; i++) headers[`x-h${i}`] = "v";
      endpoint(`GET ${fresh()}`, { headers });
    },
  ],
  [
    "a huge value that needs encoding",
    (n) => () => void parseTemplate("{x}").expand({ x: "é /".repeat(n / 3) }),
  ],
  [
    "a huge reserved value full of dot segments",
    (n) => () => quietly(() => endpoint(`GET ${fresh()}/{+p}`, { p: "/.".repeat(n / 2) })),
  ],
  [
    "a huge prefix-free list",
    (n) => () =>
      void parseTemplate("{/list*}").expand({ list: Array.from({ length: n / 10 }, (_, i) => `i${i}`) }),
  ],
  [
    "a Link header of many links before the next one",
    (n) => {
      const first = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
      const header = `${'<https://api.github.com/x>; rel="prev", '.repeat(n / 2)}<https://api.github.com/y>; rel="next"`;
      return () => {
        if (nextRequest(first, header)?.url !== "https://api.github.com/y")
          throw new Error("next link not found");
      };
    },
  ],
  [
    "many spaces and tabs in a route",
    (n) => () => quietly(() => endpoint(`GET${" \t".repeat(n / 2)}${fresh()}`)),
  ],
];

/** YAML of each shape, read by rest-endpoint-openapi (the `yaml` package and its checks). */
const YAML_SHAPES: [string, (n: number) => string][] = [
  ["many mapping entries", (n) => Array.from({ length: n / 10 }, (_, i) => `k${i}: v ${i}`).join("\n")],
  // Scalars over many lines build one string of many pieces: lines of 64 characters keep the
  // engine's cost for the pieces from hiding the reader's own.
  ["a long plain scalar over many lines", (n) => `a: ${`${"word ".repeat(12)}\n  `.repeat(n / 64)}`],
  ["a long quoted scalar over many lines", (n) => `a: "${`${"word ".repeat(12)}\n  `.repeat(n / 64)}"`],
  ["a long literal scalar", (n) => `a: |\n${`  ${"word ".repeat(12)}\n`.repeat(n / 64)}`],
  ["a long folded scalar", (n) => `a: >\n${`  ${"word ".repeat(12)}\n`.repeat(n / 64)}`],
  ["a long run of spaces inside a plain scalar", (n) => `a: b${" ".repeat(n)}c`],
  ["a long run of spaces before a line break in quotes", (n) => `a: "b${" ".repeat(n)}\n  c"`],
  ["an unterminated quote over many lines", (n) => `a: "${`${"word ".repeat(12)}\n  `.repeat(n / 64)}`],
  ["many empty lines in a block scalar", (n) => `a: |\n${"\n".repeat(n)}  x`],
  ["a long flow sequence", (n) => `[${"a, ".repeat(n / 3)}]`],
  ["many colons on one line", (n) => `a: ${"b:c ".repeat(n / 4)}`],
  ["many aliases", (n) => `- &a x\n${"- *a\n".repeat(n / 5)}`],
  ["many lines of spaces", (n) => `a:${"\n          ".repeat(n / 11)}\nb: 1`],
  ["many sibling sequences of mappings", (n) => "- a: 1\n  b: [x, 'y']\n".repeat(n / 24)],
];
for (const [name, yaml] of YAML_SHAPES) {
  SHAPES.push([
    `YAML: ${name}`,
    (n) => {
      const text = yaml(n);
      return () => quietly(() => readDescriptionText(text));
    },
  ]);
}

// The command line's masking and escaping, descriptions read from files, pages to other origins.
SHAPES.push(...CHANNEL_SHAPES);

describe("work grows linearly with the input", () => {
  it("the library under test counts its work", () => {
    expect(isCounting(() => endpoint("GET /x"))).toBe(true);
  });

  it.each(SHAPES)("%s", (_name, shape) => {
    const n = 4096;
    const small = shape(n);
    const large = shape(4 * n);
    // A first run fills what a process fills once (lazy patterns, caches of the tables).
    small();
    const ratio = workOf(large) / workOf(small);
    if (process.env.SHOW_RATIOS) console.log(`${_name}: ${ratio.toFixed(2)}`);
    // Linear growth gives about 4 (less where a fixed cost remains); quadratic gives 16.
    expect(ratio).toBeLessThan(6);
  });
});
