// Every flag is in the README's command-line section (with an example row) and in --help.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FLAGS, GENERATE_FLAGS } from "../../src/cli/flags.js";
import { GENERATE_HELP } from "../../src/cli/generate-command.js";
import { HELP } from "../../src/cli/help.js";
import { FLAG_READERS } from "../../src/cli/read-flags.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = readme.slice(
  readme.indexOf("## Command line\n"),
  readme.indexOf("\n## ", readme.indexOf("## Command line\n") + 1),
);

describe("every flag is documented", () => {
  it.each(FLAGS.map((flag) => [flag.name, flag]))("%s", (_name, flag) => {
    // A table row of the README names the flag (and its short form), beside an example.
    const row = section.split("\n").find((line) => line.startsWith("| ") && line.includes(`\`${flag.name}`));
    expect(row, `README row for ${flag.name}`).toBeDefined();
    if (flag.short !== undefined) expect(row).toContain(`\`${flag.short}`);
    expect(row?.split(" | ")[1]?.length ?? 0).toBeGreaterThan(3);
    expect(HELP).toContain(flag.name);
  });

  it("every flag of a request command has its reader, and every reader its flag", () => {
    expect(Object.keys(FLAG_READERS).sort()).toStrictEqual(FLAGS.map((flag) => flag.name).sort());
  });

  it("the README says where the command line departs from gh and HTTPie on purpose", () => {
    expect(section).toContain("On purpose, unlike gh and HTTPie");
    const docs = readFileSync(new URL("../../docs/cli.md", import.meta.url), "utf8");
    expect(docs).toContain("### Where it departs from gh and HTTPie, on purpose");
  });
});

describe("every flag of generate is documented", () => {
  const doc = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), "utf8");
  // The usage line of each document that gives one: docs/cli.md's synopsis, the heading of
  // docs/operations.md's section, and --help's first line.
  const usages: [string, string][] = [
    [
      "docs/cli.md",
      doc("cli.md")
        .split("\n")
        .find((line) => line.startsWith("rest-endpoint generate ")) ?? "",
    ],
    [
      "docs/operations.md",
      doc("operations.md")
        .split("\n")
        .find((line) => line.startsWith("### `rest-endpoint generate ")) ?? "",
    ],
    ["--help", GENERATE_HELP.split("\n")[0] ?? ""],
  ];
  it.each(GENERATE_FLAGS.map((flag) => [flag.name, flag]))("%s", (name, flag) => {
    if (name !== "--help") for (const [where, usage] of usages) expect(usage, where).toContain(`[${name}`);
    // --help explains it on a line of its own, with its short form.
    const line = GENERATE_HELP.split("\n").find((text) => text.trimStart().startsWith(name));
    expect(line, `--help line for ${name}`).toBeDefined();
    if (flag.short !== undefined) expect(line).toContain(`${name}, ${flag.short} `);
  });
});
