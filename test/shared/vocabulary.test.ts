// One meaning per word about bodies, and one name per job: the lists in the code, held apart
// and to docs/architecture.md's table; and no name exported by two modules of src/.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BODY_CLASSES } from "../../src/bodies/raw-body-kind.js";
import { BODY_MODELS } from "../../src/generate/route-types.js";
import { MEDIA_FAMILIES } from "../../src/operations/operation-body.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");

const RAW = [...new Set(BODY_CLASSES.map(([kind]) => kind))];
const STYLES = (
  (/export type ParameterStyle = ([^;]+);/.exec(read("src/operations/serialize-parameter.ts")) ?? [])[1] ?? ""
)
  .split("|")
  .map((word) => word.trim().replace(/^"|"$/g, ""));

describe("the words for bodies", () => {
  it("each list is read from the code", () => {
    expect(RAW).toStrictEqual(["bytes", "blob", "searchParams", "stream", "formData"]);
    expect(STYLES).toStrictEqual(["form", "simple", "spaceDelimited", "pipeDelimited", "deepObject"]);
  });

  it("no word of one list is a word of another, but where a body model is a family's body of fields", () => {
    const lists: [string, readonly string[]][] = [
      ["raw", RAW],
      ["families", MEDIA_FAMILIES],
      ["models", BODY_MODELS],
      ["styles", STYLES],
    ];
    const shared = ["json", "urlencoded", "multipart"];
    for (const [name, words] of lists) {
      for (const [other, otherWords] of lists) {
        if (name === other) continue;
        const both = words.filter((word) => otherWords.includes(word));
        const meet =
          (name === "families" && other === "models") || (name === "models" && other === "families");
        expect(both, `${name} and ${other}`).toStrictEqual(meet ? shared : []);
      }
    }
  });

  it("docs/architecture.md's table names each list's words, in order", () => {
    const doc = read("docs/architecture.md");
    const row = (list: string): string[] => {
      const line = doc.split("\n").find((text) => text.startsWith(`| \`${list}\``)) ?? "";
      return [...(line.split("|")[2] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
    };
    expect(row("RawBodyKind")).toStrictEqual(["bytes", "blob", "formData", "searchParams", "stream"]);
    expect(new Set(row("RawBodyKind"))).toStrictEqual(new Set(RAW));
    expect(row("MEDIA_FAMILIES")).toStrictEqual([...MEDIA_FAMILIES]);
    expect(row("BODY_MODELS")).toStrictEqual([...BODY_MODELS]);
    expect(row("ParameterStyle")).toStrictEqual(STYLES);
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [relative(ROOT, path)] : [];
  });
}

describe("one name per job", () => {
  it("no name is exported by two modules of src/ (a function's overloads are one)", () => {
    const where = new Map<string, Set<string>>();
    const EXPORT =
      /^export (?:declare )?(?:async )?(?:function\*?|const|let|class|type|interface|enum) ([\w$]+)/gm;
    for (const file of sourceFiles(join(ROOT, "src"))) {
      for (const [, name] of read(file).matchAll(EXPORT)) {
        const files = where.get(name as string) ?? new Set<string>();
        files.add(file);
        where.set(name as string, files);
      }
    }
    const twice = [...where]
      .filter(([, files]) => files.size > 1)
      .map(([name, files]) => `${name}: ${[...files].join(", ")}`);
    expect(twice).toStrictEqual([]);
    // The search finds exports at all.
    expect(where.get("endpoint")?.size).toBe(1);
  });
});
