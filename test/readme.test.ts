// The README's first example must give exactly what the README says it gives. It imports the
// package by its name, so this also runs the built package through its exports map.
import { readFileSync } from "node:fs";
import { endpoint } from "rest-endpoint";
import { describe, expect, it } from "vitest";
import routes from "../data/github-routes.json" with { type: "json" };
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

  it("says which API version the typed routes describe, and each body field a later one removes", () => {
    const section = readme.slice(readme.indexOf("**API version.**"), readme.indexOf("- Limits:"));
    const removals = (
      routes.operations as { method: string; url: string; removedIn?: Record<string, string[]> }[]
    ).flatMap((op) =>
      Object.entries(op.removedIn ?? {}).flatMap(([version, names]) =>
        names.map((name) => ({ version, name, route: `${op.method} ${op.url}` })),
      ),
    );
    expect(removals.length).toBe(5);
    // The README's text is wrapped: compare with line breaks read as spaces.
    const flat = section.replace(/\s+/g, " ");
    expect(flat).toContain(`describes one version of GitHub's REST API: ${routes.about.apiVersion}`);
    for (const { version, name, route } of removals) {
      expect(flat).toContain(version);
      expect(flat).toContain(`\`${name}\``);
      expect(flat).toContain(`\`${route}\``);
    }
  });

  it("names the two quick-start commands", () => {
    expect(readme).toMatch(/npm install[^\n]*\nnpm test/);
  });
});
