// The README's first example must give exactly what the README says it gives. It imports the
// package by its name, so this also runs the built package through its exports map.
import { readFileSync } from "node:fs";
import { endpoint } from "rest-endpoint";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

function firstExample(): { code: string; shown: string } {
  const start = readme.indexOf("```js\n");
  const end = readme.indexOf("```", start + 6);
  const lines = readme.slice(start + 6, end).split("\n");
  const code = lines.filter(
    (line) => line.trim() !== "" && !line.startsWith("import ") && !line.startsWith("//"),
  );
  const shown = lines
    .filter((line) => line.startsWith("//"))
    .map((line) => line.replace(/^\/\/ ?(=> )?/, ""));
  return { code: code.join("\n").replace(/;$/, ""), shown: shown.join("\n") };
}

describe("README", () => {
  it("the first example gives what the README shows", () => {
    const { code, shown } = firstExample();
    expect(code).toContain('endpoint("GET /repos/{owner}/{repo}/issues"');
    const actual = new Function("endpoint", `return (${code});`)(endpoint);
    const expected = new Function(`return (${shown});`)();
    expect(actual).toStrictEqual(expected);
  });

  it("the user-agent carries the version of package.json", () => {
    expect(endpoint.DEFAULTS.headers["user-agent"]).toBe(`rest-endpoint/${packageJson.version}`);
    expect(readme).toContain(`"user-agent": "rest-endpoint/${packageJson.version}"`);
  });

  it("names the two quick-start commands", () => {
    expect(readme).toMatch(/npm install[^\n]*\nnpm test/);
  });
});
