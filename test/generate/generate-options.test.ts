// The settings of generateOperations: own ones only, a routesName that names nothing the types
// declare, an importFrom that is a string.
import { describe, expect, it } from "vitest";
import { type GenerateOptions, readGenerateOptions } from "../../src/generate/generate-options.js";

describe("readGenerateOptions", () => {
  it.each<[string, { given: GenerateOptions; want: { routesName: string; importFrom: string } }]>([
    ["nothing given", { given: {}, want: { routesName: "Routes", importFrom: "rest-endpoint/operations" } }],
    [
      "both given",
      {
        given: { routesName: "PetRoutes", importFrom: "./ops.js" },
        want: { routesName: "PetRoutes", importFrom: "./ops.js" },
      },
    ],
    [
      "inherited settings are not read",
      {
        given: Object.create({ routesName: "Inherited", importFrom: "https://evil.example/x.js" }),
        want: { routesName: "Routes", importFrom: "rest-endpoint/operations" },
      },
    ],
  ])("%s", (_title, { given, want }) => {
    const { routesName, importFrom } = readGenerateOptions(given);
    expect({ routesName, importFrom }).toStrictEqual(want);
  });

  it("keeps the settings it reads, and no others", () => {
    const queryName = () => undefined;
    const given = { accept: false, queryName, inlineSchemas: true, extra: 1 } as GenerateOptions;
    const { options } = readGenerateOptions(given);
    expect(Object.getPrototypeOf(options)).toBeNull();
    expect({ ...options }).toStrictEqual({ accept: false, queryName, inlineSchemas: true });
  });

  it.each<[string, { given: GenerateOptions; want: string }]>([
    [
      "a routesName that is no identifier",
      { given: { routesName: "my routes" }, want: "routesName must be" },
    ],
    ["a routesName TypeScript names", { given: { routesName: "Record" }, want: "routesName must be" }],
    ["a routesName the types declare", { given: { routesName: "Schemas" }, want: "routesName must be" }],
    [
      "an importFrom that is no string",
      { given: { importFrom: 1 as unknown as string }, want: "importFrom must be" },
    ],
  ])("refuses %s", (_title, { given, want }) => {
    expect(() => readGenerateOptions(given)).toThrow(want);
  });
});
