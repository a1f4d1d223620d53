// loadDescription's bundling of `$ref`s, attacked: a pointer names only the
// description's own data, never an inherited property (which would hand out Object.prototype
// for a build script to write into); each file is read once whatever the spelling of its path;
// each target is walked once however many `$ref`s name it. Work is counted, never timed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { loadDescription } from "rest-endpoint-openapi";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

/** The paths of the files the loader read, in order (node:fs wrapped for this file). */
const reads = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  const readFileSync = ((...args: Parameters<typeof actual.readFileSync>) => {
    reads.paths.push(String(args[0]));
    return actual.readFileSync(...args);
  }) as typeof actual.readFileSync;
  return { ...actual, default: { ...actual, readFileSync }, readFileSync };
});

const root = mkdtempSync(join(tmpdir(), "rest-endpoint-bundle-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

let folders = 0;
/** A folder holding `files` (name to text); the path of its `openapi.yaml`. */
function description(files: Record<string, string>): string {
  const dir = join(root, `d${folders++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return join(dir, "openapi.yaml");
}

async function refusal(path: string): Promise<Error> {
  try {
    await loadDescription(path);
  } catch (error) {
    return error as Error;
  }
  throw new Error("loaded");
}

/** Every object the value holds, itself included. */
function objectsOf(value: unknown): Set<object> {
  const seen = new Set<object>();
  const pending = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== "object" && typeof next !== "function") continue;
    if (next === null || seen.has(next)) continue;
    seen.add(next);
    for (const key of Object.keys(next)) pending.push((next as Record<string, unknown>)[key]);
  }
  return seen;
}

const BUILT_INS = new Set<unknown>([Object.prototype, Array.prototype, Function.prototype, Object, Array]);

const SCHEMA = "Pet: { type: object, properties: { id: { type: integer } } }\nlist: [a, b]\n";
const wrap = (ref: string) =>
  `openapi: 3.1.0\ncomponents:\n  schemas:\n    X: { $ref: ${JSON.stringify(ref)} }\n`;

describe("a $ref names only the description's own data", () => {
  it.each<[string, { given: Record<string, string>; want: RegExp }]>([
    ["other.yaml#/__proto__", { given: { "other.yaml": SCHEMA }, want: /"__proto__", which is inherited/ }],
    [
      "other.yaml#/constructor/prototype",
      { given: { "other.yaml": SCHEMA }, want: /"constructor", which is inherited/ },
    ],
    [
      "other.yaml#/constructor",
      { given: { "other.yaml": SCHEMA }, want: /"constructor", which is inherited/ },
    ],
    ["other.yaml#/Pet/toString", { given: { "other.yaml": SCHEMA }, want: /"toString", which is inherited/ }],
    ["other.yaml#/list/length", { given: { "other.yaml": SCHEMA }, want: /"length", which is inherited/ }],
    ["other.yaml#/list/2", { given: { "other.yaml": SCHEMA }, want: /"2", which is not there/ }],
    ["#/__proto__", { given: {}, want: /"__proto__", which is inherited/ }],
    ["#/components/hasOwnProperty", { given: {}, want: /"hasOwnProperty", which is inherited/ }],
    ["other.yaml#/Pet/properties/id/valueOf", { given: { "other.yaml": SCHEMA }, want: /"valueOf"/ }],
  ])("%s is refused", async (ref, { given, want }) => {
    const path = description({ ...given, "openapi.yaml": wrap(ref) });
    const error = await refusal(path);
    expect(Object.getPrototypeOf(error)).toBe(Error.prototype);
    expect(error.message).toMatch(want);
  });

  it("a pointer through a $ref in another file, to an inherited name, is refused there too", async () => {
    const path = description({
      "openapi.yaml": wrap("a.yaml#/hop/constructor"),
      "a.yaml": "hop: { $ref: 'b.yaml#/Pet' }\n",
      "b.yaml": SCHEMA,
    });
    expect((await refusal(path)).message).toMatch(/"constructor", which is inherited/);
  });

  it("property: any name an object, list or function inherits is refused at any depth", async () => {
    const inherited = [
      ...new Set([
        ...Object.getOwnPropertyNames(Object.prototype),
        ...Object.getOwnPropertyNames(Array.prototype),
        ...Object.getOwnPropertyNames(Function.prototype),
      ]),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...inherited),
        fc.constantFrom("", "/Pet", "/Pet/properties", "/list"),
        fc.constantFrom("other.yaml", ""),
        async (name, at, file) => {
          const path = description({ "openapi.yaml": wrap(`${file}#${at}/${name}`), "other.yaml": SCHEMA });
          if (file === "") writeFileSync(path, `${wrap(`#${at}/${name}`)}${SCHEMA}`);
          const error = await refusal(path);
          expect(error.message).toContain(JSON.stringify(name));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a description loaded holds no built-in object, and own names such as constructor are data", async () => {
    const path = description({
      "openapi.yaml": `${wrap("other.yaml#/Pet")}    Y: { $ref: "other.yaml#/odd/constructor" }\n`,
      "other.yaml": `${SCHEMA}odd: { constructor: { type: string }, __proto__: { type: number } }\n`,
    });
    const loaded = await loadDescription(path);
    for (const object of objectsOf(loaded)) expect(BUILT_INS.has(object)).toBe(false);
    const schemas = (loaded as { components: { schemas: Record<string, unknown> } }).components.schemas;
    expect(schemas.Y).toEqual({ type: "string" });
    expect(schemas.X).toEqual({ type: "object", properties: { id: { type: "integer" } } });
  });
});

describe("bundled as before: each target placed once, every other $ref points there", () => {
  it("a target named twice, a pointer into it, a $ref beside other keys and a circle", async () => {
    const path = description({
      "openapi.yaml": [
        "openapi: 3.1.0",
        "components:",
        "  schemas:",
        "    A: { $ref: 'parts/s.yaml#/Node' }",
        "    B: { $ref: './parts//s.yaml#/Node' }",
        "    C: { $ref: 'parts/s.yaml#/Node/properties/next' }",
        "    D: { $ref: 'parts/s.yaml#/Leaf', description: mine }",
        "    E: { $ref: 'parts/s.yaml#/Alias' }",
        "",
      ].join("\n"),
      "parts/s.yaml": [
        "Node: { type: object, properties: { next: { $ref: '#/Node' }, leaf: { $ref: '#/Leaf' } } }",
        "Leaf: { type: string, description: theirs }",
        "Alias: { $ref: '#/Leaf' }",
        "",
      ].join("\n"),
    });
    const loaded = (await loadDescription(path)) as { components: { schemas: Record<string, unknown> } };
    expect(loaded.components.schemas).toEqual({
      A: {
        type: "object",
        properties: {
          next: { $ref: "#/components/schemas/A" },
          leaf: { $ref: "#/components/schemas/D" },
        },
      },
      B: { $ref: "#/components/schemas/A" },
      C: { $ref: "#/components/schemas/A" },
      D: { description: "mine", type: "string" },
      E: { $ref: "#/components/schemas/D" },
    });
  });

  it("a $ref that names itself goes round in a circle: refused", async () => {
    const path = description({ "openapi.yaml": wrap("o.yaml#/A"), "o.yaml": "A: { $ref: '#/A' }\n" });
    expect((await refusal(path)).message).toMatch(/goes round in a circle/);
  });

  it("a $ref to the network is refused", async () => {
    const path = description({ "openapi.yaml": wrap("https://example.com/x.yaml#/A") });
    expect((await refusal(path)).message).toMatch(/only files are read, never the network/);
  });
});

describe("linear work: counted, never timed", () => {
  it("each file is read once, whatever the spelling of its path", async () => {
    const spellings = [
      "other.yaml",
      "./other.yaml",
      ".//other.yaml",
      "sub/../other.yaml",
      "./sub/./../other.yaml",
    ];
    const path = description({
      "openapi.yaml": `openapi: 3.1.0\ncomponents:\n  schemas:\n${spellings
        .map((spelled, i) => `    S${i}: { $ref: ${JSON.stringify(`${spelled}#/Pet`)} }\n`)
        .join("")}    Self: { $ref: "./openapi.yaml#/components/schemas/S0" }\n`,
      "other.yaml": SCHEMA,
      "sub/keep.txt": "",
    });
    reads.paths.length = 0;
    await loadDescription(path);
    expect(reads.paths.filter((read) => read.endsWith("other.yaml"))).toHaveLength(1);
    expect(reads.paths.filter((read) => read.endsWith("openapi.yaml"))).toHaveLength(1);
  });

  /** The objects listed (Object.keys calls) while loading `n` $refs to one schema of `n` properties. */
  async function keysListed(n: number, beside: boolean): Promise<number> {
    let props = "";
    for (let i = 0; i < n; i++) props += `      p${i}: { type: string }\n`;
    let refs = "";
    for (let i = 0; i < n; i++)
      refs += `    S${i}: { $ref: "big.yaml#/Big"${beside ? `, description: d${i}` : ""} }\n`;
    const path = description({
      "openapi.yaml": `openapi: 3.1.0\ncomponents:\n  schemas:\n${refs}`,
      "big.yaml": `Big:\n  type: object\n  properties:\n${props}`,
    });
    const keys = vi.spyOn(Object, "keys");
    await loadDescription(path);
    const count = keys.mock.calls.length;
    keys.mockRestore();
    return count;
  }

  it.each([false, true])(
    "n $refs to one schema of n properties (beside other keys: %s): 4n costs about 4 times n",
    async (beside) => {
      const small = await keysListed(200, beside);
      const large = await keysListed(800, beside);
      expect(large / small).toBeLessThan(6);
    },
  );
});
