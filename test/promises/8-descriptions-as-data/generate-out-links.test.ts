// `generate --out` writes through no symbolic link inside the working folder: CI may generate
// into a checkout a pull request writes, and a link planted at the output file, its `.d.ts` or
// a folder on the way would make the generator write outside it. Real links, in a scratch folder.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBuilt } from "../../cli/run-executable.js";

const scratch = mkdtempSync(join(tmpdir(), "rest-endpoint-out-links-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const DESCRIPTION = '{"openapi": "3.1.0", "paths": {"/a": {"get": {}}}}';

/** A checkout (the working folder) with the description in it, and a folder outside it. */
function folders(name: string): { checkout: string; outside: string } {
  const checkout = join(scratch, name, "checkout");
  const outside = join(scratch, name, "outside");
  mkdirSync(checkout, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(checkout, "api.json"), DESCRIPTION);
  writeFileSync(join(outside, "victim.txt"), "untouched");
  return { checkout, outside };
}

describe("generate --out through a symbolic link", () => {
  it.each<[string, { plant: [link: string, target: string][]; out: string; want: string }]>([
    ["the output file", { plant: [["api.js", "outside/victim.txt"]], out: "api.js", want: "api.js" }],
    ["its .d.ts", { plant: [["api.d.ts", "outside/victim.txt"]], out: "api.js", want: "api.d.ts" }],
    ["a folder on the way", { plant: [["gen", "outside"]], out: "gen/api.js", want: "gen" }],
    ["a deeper folder", { plant: [["src/gen", "outside"]], out: "src/gen/api.js", want: join("src", "gen") }],
    ["a link to no file yet", { plant: [["api.ts", "outside/new.ts"]], out: "api.ts", want: "api.ts" }],
    ["an absolute path inside", { plant: [["gen", "outside"]], out: "<checkout>/gen/api.js", want: "gen" }],
  ])("at %s: exit 2, nothing written outside", async (title, { plant, out, want }) => {
    const { checkout, outside } = folders(title.replaceAll(/\W/g, "-"));
    mkdirSync(join(checkout, "src"), { recursive: true });
    for (const [link, target] of plant) symlinkSync(join(checkout, "..", target), join(checkout, link));
    const result = await runBuilt(["generate", "api.json", "--out", out.replace("<checkout>", checkout)], {
      cwd: checkout,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${want} is a symbolic link, and --out writes through none`);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(readFileSync(join(outside, "victim.txt"), "utf8")).toBe("untouched");
    expect(existsSync(join(outside, "new.ts"))).toBe(false);
    expect(existsSync(join(outside, "api.js"))).toBe(false);
  });

  it("writes through real folders, over real files, and through links above the working folder", async () => {
    const { checkout, outside } = folders("real");
    mkdirSync(join(checkout, "src"));
    writeFileSync(join(checkout, "src", "api.js"), "old");
    const inside = await runBuilt(["generate", "api.json", "--out", "src/api.js"], { cwd: checkout });
    expect(inside.code).toBe(0);
    expect(readFileSync(join(checkout, "src", "api.js"), "utf8")).toContain("describeOperations");
    expect(readFileSync(join(checkout, "src", "api.d.ts"), "utf8")).toContain("export interface Routes {");
    // A path outside the working folder is the user's own: a link there is theirs to follow.
    const elsewhere = join(scratch, "real", "elsewhere");
    symlinkSync(outside, elsewhere);
    const above = await runBuilt(["generate", "api.json", "--out", join(elsewhere, "api.js")], {
      cwd: checkout,
    });
    expect(above.code).toBe(0);
    expect(readFileSync(join(outside, "api.js"), "utf8")).toContain("describeOperations");
  });
});
