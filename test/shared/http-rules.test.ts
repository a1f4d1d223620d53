// The HTTP rules have one home, src/shared/http.ts: every place that knows a method, the
// header-name token or a list of headers a writer owns reads it from there. The source is
// searched for a second copy (two method names side by side, the token's character class, a
// framing header named in quotes), and each layer is run over every row of the table, so that
// adding a method is adding its row (docs/architecture.md, "Adding an HTTP method").
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { completionScript } from "../../src/cli/completion.js";
import { generateOperations } from "../../src/generate/index.js";
import { PATH_ITEM_METHODS } from "../../src/generate/read-path-item.js";
import { endpoint } from "../../src/index.js";
import { parseRoute } from "../../src/route/parse-route.js";
import {
  FRAMING_HEADERS,
  HEADER_NAME,
  isMethodName,
  METHODS,
  methodRule,
  sendsBody,
  sendsQuery,
  supportedMethods,
} from "../../src/shared/http.js";
import { expectEndpointError } from "../helpers.js";

const root = new URL("../../", import.meta.url).pathname;
const HOME = "src/shared/http.ts";

/** Every source file of the library and its packages, as [path from the root, code without comments]. */
function sources(): [string, string][] {
  const files: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === "node_modules") continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(?:ts|js)$/.test(name) && !name.endsWith(".d.ts")) {
        const code = readFileSync(path, "utf8").replace(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g, "");
        files.push([relative(root, path), code]);
      }
    }
  };
  for (const dir of ["src", "packages/openapi", "packages/octokit/src"]) walk(join(root, dir));
  return files;
}

// Rules written elsewhere on purpose, each with its reason: not the library's own table.
const ELSEWHERE: Record<string, string> = {
  // @octokit/endpoint's own rule (its parse sends GET and HEAD parameters in the query), which
  // the drop-in keeps: it parses OPTIONS as a POST.
  "packages/octokit/src/search-query.js": "octokit's GET and HEAD",
};

const NAME = "get|head|options|post|put|patch|delete|trace|connect";
const SECOND_COPY: [string, RegExp][] = [
  // Two method names in quotes on one line ("GET" || "HEAD", ["get", "put"...]), or in an
  // alternation of a regular expression (GET|HEAD).
  ["a list of methods", new RegExp(`["'\`](?:${NAME})["'\`][^\\n]{0,60}["'\`](?:${NAME})["'\`]`, "i")],
  ["an alternation of methods", new RegExp(`\\b(?:${NAME})\\|(?:${NAME})\\b`, "i")],
  ["the header-name token", /\[!#\$%&'\*\+/],
  ["a framing header in quotes", /["'](?:host|content-length|transfer-encoding)["']/],
];

describe("one home for the HTTP rules", () => {
  it("the search finds the copies it looks for, in the files it reads", () => {
    expect(sources().length).toBeGreaterThan(100);
    const copies = [
      'const sendsQuery = method === "get" || method === "head";',
      "if (!described && /^(GET|HEAD)\\s/i.test(route.trim())) {",
      "const TOKEN = /^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$/;",
      'const FRAMING = ["host", "content-length", "transfer-encoding"];',
    ];
    for (const [i, [, pattern]] of SECOND_COPY.entries()) expect(copies[i]).toMatch(pattern);
  });

  it.each(SECOND_COPY)("no file but %s's home writes %s", (what, pattern) => {
    const copies = sources()
      .filter(([path, code]) => path !== HOME && ELSEWHERE[path] === undefined && pattern.test(code))
      .map(([path, code]) => `${path}: ${pattern.exec(code)?.[0]}`);
    expect(copies, what).toEqual([]);
  });

  it("the home holds the token and the framing headers the search looks for", () => {
    const home = readFileSync(join(root, HOME), "utf8");
    for (const [, pattern] of SECOND_COPY.slice(2)) expect(home).toMatch(pattern);
  });

  it("names every method as routes, messages and the README do", () => {
    expect(supportedMethods()).toBe(Object.keys(METHODS).join(", "));
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const route = readme.split("\n").find((line) => line.startsWith("- **Route**")) ?? "";
    const listed = readme.slice(readme.indexOf(route), readme.indexOf("\n- **", readme.indexOf(route) + 1));
    for (const method of Object.keys(METHODS)) expect(listed, method).toContain(method);
    const errors = readFileSync(join(root, "docs/errors.md"), "utf8");
    expect(errors).toContain(supportedMethods());
  });
});

describe.each(Object.keys(METHODS))("%s, through every layer", (METHOD) => {
  const method = METHOD.toLowerCase();
  const rule = methodRule(METHOD);

  it("is a method in any case, and none other is", () => {
    for (const written of [METHOD, method, METHOD[0] + method.slice(1)]) {
      expect(methodRule(written)).toBe(rule);
      expect(isMethodName(written)).toBe(true);
      expect(parseRoute(`${written} /x`)).toEqual({ method: written, url: "/x" });
    }
    expect(methodRule(`${METHOD}X`)).toBeUndefined();
  });

  it("the core sends leftovers and data as its rule says", () => {
    const request = endpoint(`${METHOD} /x`, { a: 1 });
    expect(request.method).toBe(method);
    expect(request.url).toBe(`https://api.github.com/x${sendsQuery(METHOD) ? "?a=1" : ""}`);
    expect((request as { body?: unknown }).body).toEqual(sendsQuery(METHOD) ? undefined : { a: 1 });
    const empty = endpoint(`${METHOD} /x`) as { body?: unknown };
    expect(empty.body).toBe(rule === 3 ? "" : undefined);
    if (sendsBody(METHOD)) expect(endpoint(`${METHOD} /x`, { data: "d" })).toMatchObject({ body: "d" });
    else expectEndpointError(() => endpoint(`${METHOD} /x`, { data: "d" }), "invalid_parameter");
  });

  it("the generator reads its operations", () => {
    expect(PATH_ITEM_METHODS).toContain(method);
    const spec = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: { "/x": { [method]: {} } } };
    const { operations, notes } = generateOperations(spec);
    expect(operations.map((op) => op.method)).toEqual([METHOD]);
    expect(notes).toEqual([]);
  });

  it("the command line completes it", () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      expect(completionScript(shell, [])).toMatch(new RegExp(`[' ]${METHOD}[' ]`));
    }
  });
});

describe("what the table does not hold", () => {
  it.each(["TRACE", "CONNECT", "QUERY"])("%s is a method name, but unsupported everywhere", (METHOD) => {
    expect(methodRule(METHOD)).toBeUndefined();
    expect(isMethodName(METHOD)).toBe(true);
    expectEndpointError(() => endpoint(`${METHOD} /x`), "unsupported_method");
  });

  it("the generator notes the operations of a Path Item it cannot send", () => {
    const unsent = PATH_ITEM_METHODS.filter((method) => methodRule(method) === undefined);
    expect(unsent).toEqual(["trace"]);
  });

  it("a header name is a token; a framing header is one of the writer's own", () => {
    expect(["x-a", "If-None-Match", "a!#$%&'*+-.^_`|~1"].every((name) => HEADER_NAME.test(name))).toBe(true);
    expect(["", "a b", "a:b", "k\u212A", "a\n"].some((name) => HEADER_NAME.test(name))).toBe(false);
    expect(FRAMING_HEADERS).toEqual(["host", "content-length", "transfer-encoding"]);
  });
});
