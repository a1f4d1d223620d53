// What an editor shows a user of typed routes, asked of TypeScript 5.9's language service and
// TypeScript 7's language server on the fixture files in test/fixtures/editor (the built
// package, resolved by name as in a user's project).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Diagnostic,
  type Editor,
  type Position,
  typeScript7,
  typeScript7Diagnostics,
  typeScript59,
} from "./editor-clients.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FIXTURES = join(ROOT, "test", "fixtures", "editor");
const folder = mkdtempSync(join(tmpdir(), "rest-endpoint-editor-"));
cpSync(FIXTURES, folder, { recursive: true });
for (const file of ["galaxy.js", "galaxy.d.ts"]) {
  cpSync(join(ROOT, "test", "fixtures", "generated", file), join(folder, file));
}
mkdirSync(join(folder, "node_modules"));
symlinkSync(ROOT, join(folder, "node_modules", "rest-endpoint"));
writeFileSync(join(folder, "package.json"), '{ "type": "module" }\n');

/** The position right after (or, with `before`, at) a marker in a fixture. */
function at(file: string, marker: string, before = false): Position {
  const lines = readFileSync(join(FIXTURES, file), "utf8").split("\n");
  const line = lines.findIndex((text) => text.includes(marker));
  const index = (lines[line] as string).indexOf(marker);
  return { line, character: before ? index : index + marker.length };
}

/** Names of the types that build the options: an error or hover must not show them. */
const HELPER_NAMES =
  /\b(Copy|Shown|Flat|PathValue|ParamsFor|ArgsFor|OptionsFor|WithDefaults|KnownParams|KnownGitHub|KnownIn|OptionKeysGitHub|OptionKeysIn|RoutesOf|RouteKey|never)\b/;

const editors: [string, () => Promise<Editor>][] = [
  ["TypeScript 5.9", async () => typeScript59(folder)],
  ["TypeScript 7", () => typeScript7(folder)],
];

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each(editors)("%s", (_, start) => {
  let editor: Editor;
  beforeAll(async () => {
    editor = await start();
  });
  afterAll(() => editor.close());

  it('offers every GitHub route at endpoint("', async () => {
    const routes = await editor.completions("completions.ts", at("completions.ts", 'endpoint("'));
    expect(routes.length).toBeGreaterThanOrEqual(1223);
    expect(routes).toContain("GET /repos/{owner}/{repo}/issues");
    expect(routes).toContain("POST /repos/{owner}/{repo}/issues");
    expect(routes).toContain("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config");
  });

  it("offers a generated table's routes, and their parameters, on a builder made with it", async () => {
    const routes = await editor.completions("completions.ts", at("completions.ts", 'galaxy("'));
    expect(routes.filter((route) => / \//.test(route)).sort()).toEqual([
      "DELETE /planets/{planetId}",
      "GET /me",
      "GET /planets",
      "GET /planets/{planetId}",
      "POST /auth/token",
      "POST /celestial-bodies",
      "POST /planets",
      "POST /planets/{planetId}/image",
      "POST /user/signup",
      "PUT /planets/{planetId}",
    ]);
    const names = await editor.completions(
      "completions.ts",
      at("completions.ts", "/* galaxy parameter */", true),
    );
    for (const name of ["offset", "headers", "data"]) expect(names).toContain(name);
    expect(names).not.toContain("state");
  });

  it("offers a known route's parameters and the option keys", async () => {
    const names = await editor.completions("completions.ts", at("completions.ts", "/* parameter */", true));
    for (const name of ["state", "labels", "per_page", "since", "headers", "data", "mediaType"])
      expect(names).toContain(name);
    // Not what the route does not take.
    expect(names).not.toContain("title");
  });

  it("shows a known route's options as a plain object type on hover", async () => {
    const text = await editor.hover("completions.ts", at("completions.ts", "hovered = "));
    expect(text).toContain("owner: string | number | bigint;");
    // The enum's members in the order each compiler prints a union. TypeScript 5.9 prints an
    // optional property that went through a mapped type with its undefined twice.
    expect(text).toMatch(
      /state\?: ("all"|"closed"|"open") \| ("all"|"closed"|"open") \| ("all"|"closed"|"open")( \| undefined){1,2};/,
    );
    expect(text).not.toMatch(HELPER_NAMES);
  });
});

/**
 * A message with each object type written as `{…}` and each union of string literals sorted:
 * compilers truncate long object types, and print a union's members in the order they met
 * them, which depends on what else they checked.
 */
function shape(message: string): string {
  let out = "";
  let depth = 0;
  for (const character of message) {
    if (character === "{") {
      if (depth === 0) out += "{…";
      depth++;
    } else if (character === "}") {
      depth--;
      if (depth === 0) out += "}";
    } else if (depth === 0) out += character;
  }
  return out.replace(
    /'("[^"']*"(?: \| "[^"']*")+)( \| undefined)?'/g,
    (_, members: string, undefinedPart = "") =>
      `'${members.split(" | ").sort().join(" | ")}${undefinedPart}'`,
  );
}

/** Six typical mistakes and a builder's, one per line of mistakes.ts: the error each gives. */
const MISTAKES: [string, number, number, string][] = [
  [
    "a misspelt name",
    3,
    2561,
    "Object literal may only specify known properties, but 'stat' does not exist in type '{…}'. Did you mean to write 'state'?",
  ],
  ["a wrong type", 4, 2322, "Type 'string' is not assignable to type 'number'."],
  [
    "a missing required body field",
    5,
    2345,
    "Argument of type '{…}' is not assignable to parameter of type '{…} | {…}'.\nProperty 'title' is missing in type '{…}' but required in type '{…}'.",
  ],
  [
    "an unknown key on a known route",
    6,
    2353,
    "Object literal may only specify known properties, and 'color' does not exist in type '{…}'.",
  ],
  [
    "a wrong enum value",
    7,
    2820,
    `Type '"opened"' is not assignable to type '"all" | "closed" | "open" | undefined'. Did you mean '"open"'?`,
  ],
  [
    "a body field on a GET",
    8,
    2353,
    "Object literal may only specify known properties, and 'title' does not exist in type '{…}'.",
  ],
  ["a wrong item type through a builder", 9, 2322, "Type 'number[]' is not assignable to type 'string'."],
];

/**
 * A generated builder's unknown route, with options and without: the lines of mistakes.ts and
 * the error code. Without options the call could also be the options form, so TypeScript says
 * that no overload matches, and why the route one does not.
 */
const ROUTE_MISTAKES: [string, number, number][] = [
  ["an unknown route with options", 13, 2345],
  ["an unknown route alone", 14, 2769],
];

describe.each<[string, () => Diagnostic[]]>([
  ["TypeScript 5.9", () => typeScript59(folder).diagnostics("mistakes.ts")],
  [
    "TypeScript 7",
    () => typeScript7Diagnostics(folder).filter((found) => found.file.endsWith("mistakes.ts")),
  ],
])("%s errors", (_, diagnose) => {
  let found: Diagnostic[] = [];
  beforeAll(() => {
    found = diagnose();
  });

  it("one error per mistake, and none elsewhere", () => {
    expect(found.map((diagnostic) => diagnostic.line).sort((a, b) => a - b)).toStrictEqual(
      [...MISTAKES, ...ROUTE_MISTAKES].map(([, line]) => line),
    );
  });

  it.each(MISTAKES)("%s: the message says what is wrong, in plain types", (_, line, code, message) => {
    const diagnostic = found.find((candidate) => candidate.line === line) as Diagnostic;
    expect(diagnostic.code).toBe(code);
    expect(shape(diagnostic.message)).toBe(message);
    expect(diagnostic.message).not.toMatch(HELPER_NAMES);
  });

  it.each(ROUTE_MISTAKES)("%s: the message names the route and the closest routes", (_, line, code) => {
    const diagnostic = found.find((candidate) => candidate.line === line) as Diagnostic;
    expect(diagnostic.code).toBe(code);
    expect(diagnostic.message).toContain(
      `Argument of type '"GET /planetz"' is not assignable to parameter of type '`,
    );
    // The closest routes and the way past, and no other route (issue 37: "did you mean");
    // each compiler orders a union its own way.
    // The route form's error (TypeScript 5.9 also gives the options form's, naming EndpointOptions).
    const expected =
      /'"GET \/planetz"' is not assignable to parameter of type '([^']*)'/.exec(diagnostic.message)?.[1] ??
      "";
    expect(expected.split(" | ").sort()).toStrictEqual([
      '"GET /planets"',
      '"GET /planets/{planetId}"',
      "UnknownRoute",
    ]);
    expect(diagnostic.message).not.toMatch(HELPER_NAMES);
  });
});

it("TypeScript 5.9 names the parameter whose type is wrong", () => {
  const wrongType = typeScript59(folder)
    .diagnostics("mistakes.ts")
    .find((diagnostic) => diagnostic.line === 4);
  expect(wrongType?.related).toContainEqual(expect.stringContaining("'per_page'"));
});
