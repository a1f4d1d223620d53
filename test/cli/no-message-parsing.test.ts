// The command line and the adapters word their messages from an EndpointError's fields
// (`code`, `parameter`, `header`, `option`, `route`, `index`), never by reading the library's
// message text with a regular expression: the text is for people, and production builds leave
// it out (docs/errors.md). The source is searched for a message given to a regular expression.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;

/** The source files of `dirs`, as [path from the root, code without comments]. */
function sources(dirs: readonly string[]): [string, string][] {
  const files: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(?:ts|js)$/.test(name) && !name.endsWith(".d.ts")) {
        const code = readFileSync(path, "utf8").replace(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g, "");
        files.push([relative(root, path), code]);
      }
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return files;
}

const READS_A_MESSAGE: [string, RegExp][] = [
  // RegExp's own methods (a pattern literal or a named one) given a `.message`.
  ["a pattern's exec or test over a message", /\.(?:exec|test)\([^()]*\.message\b/],
  // A string method that takes a pattern, called on a `.message` with a pattern literal.
  [
    "a message matched, searched, replaced or split by a pattern",
    /\.message\??\.(?:match|matchAll|search|replace|replaceAll|split)\(\s*\//,
  ],
];

describe("no message is read with a regular expression", () => {
  it("the search finds the readings it looks for", () => {
    const readings = [
      'const name = /^Missing parameter ("(?:[^"\\\\]|\\\\.)*")/.exec(error.message)?.[1];',
      "if (error.message.match(/left over beside data/)) return;",
    ];
    for (const [i, [, pattern]] of READS_A_MESSAGE.entries()) expect(readings[i]).toMatch(pattern);
    expect(sources(["src/cli", "src/adapters"]).length).toBeGreaterThan(20);
  });

  it.each(READS_A_MESSAGE)("src/cli and src/adapters hold no %s", (what, pattern) => {
    const readings = sources(["src/cli", "src/adapters"])
      .filter(([, code]) => pattern.test(code))
      .map(([path, code]) => `${path}: ${pattern.exec(code)?.[0]}`);
    expect(readings, what).toEqual([]);
  });
});
