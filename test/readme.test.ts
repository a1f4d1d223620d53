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

  it("says which API version the typed routes describe, and docs/typed-routes.md each body field a later one removes", () => {
    expect(readme).toContain("- **API version.** GitHub's REST API 2022-11-28, the default;");
    const rules = readFileSync(new URL("../docs/typed-routes.md", import.meta.url), "utf8");
    const section = rules.slice(
      rules.indexOf("**API version.**"),
      rules.indexOf("- A builder made with a generated table"),
    );
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
    expect(readme).toContain(`REST API ${routes.about.apiVersion}, the default`);
    for (const { version, name, route } of removals) {
      expect(flat).toContain(version);
      expect(flat).toContain(`\`${name}\``);
      expect(flat).toContain(`\`${route}\``);
    }
  });

  it("names the two quick-start commands", () => {
    expect(readme).toMatch(/npm install[^\n]*\nnpm test/);
  });

  it("stays short, and every link of its table of contents finds a section", () => {
    // The aim is about 25 kB (docs/development.md); the cap leaves room for new sections.
    expect(new TextEncoder().encode(readme).length).toBeLessThanOrEqual(30_000);
    // Anchors as GitHub writes them: lowercase, punctuation dropped, spaces as "-", "-1" for a repeat.
    const anchors = new Set<string>();
    let fenced = false;
    for (const line of readme.split("\n")) {
      if (line.startsWith("```")) fenced = !fenced;
      const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
      if (!heading?.[1]) continue;
      const anchor = heading[1]
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
        .replaceAll(" ", "-");
      let unique = anchor;
      for (let n = 1; anchors.has(unique); n++) unique = `${anchor}-${n}`;
      anchors.add(unique);
    }
    const start = readme.indexOf("## Contents");
    const contents = readme.slice(start, readme.indexOf("\n## ", start));
    const links = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    for (const link of links) expect(anchors, link).toContain(link);
    for (const task of [
      "install",
      "the-first-call",
      "sending-with-fetch",
      "uploading-a-release-asset",
      "a-form-body",
      "paginating-with-error-handling",
      "a-generated-api-rest-endpoint-generate",
    ]) {
      expect(links).toContain(task);
    }
  });
});
