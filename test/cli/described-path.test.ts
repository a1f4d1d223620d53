// A concrete path under `--operations`, read as the described route it fits.
import { describe, expect, it } from "vitest";
import { describedPath } from "../../src/cli/described-path.js";

const ROUTES = [
  "GET /pets",
  "POST /pets",
  "GET /pets/mine",
  "GET /pets/{petId}",
  "DELETE /pets/{petId}",
  "GET /files/{name}.json",
  "GET /a/{x}/b",
  "GET /a/b/{y}",
  "GET /users/{user-id}/keys/{key_id}",
  "GET /proto/{__proto__}",
  "GET /same/{v}/{v}",
  "GET /search{?q}",
];

const FITS: [string, { given: string; want: { route: string; values: Record<string, string> } }][] = [
  [
    "a described route is itself",
    { given: "GET /pets/{petId}", want: { route: "GET /pets/{petId}", values: {} } },
  ],
  ["the method in any case", { given: "get /pets", want: { route: "GET /pets", values: {} } }],
  [
    "a path without its leading slash, as gh api reads it",
    { given: "pets/7", want: { route: "GET /pets/{petId}", values: { petId: "7" } } },
  ],
  [
    "a described route without its leading slash",
    { given: "POST pets", want: { route: "POST /pets", values: {} } },
  ],
  [
    "a path alone is a GET",
    { given: "/pets/7", want: { route: "GET /pets/{petId}", values: { petId: "7" } } },
  ],
  ["a literal route wins", { given: "GET /pets/mine", want: { route: "GET /pets/mine", values: {} } }],
  [
    "the method chooses",
    { given: "DELETE /pets/7", want: { route: "DELETE /pets/{petId}", values: { petId: "7" } } },
  ],
  [
    "a segment with a literal suffix",
    {
      given: "GET /files/report.json",
      want: { route: "GET /files/{name}.json", values: { name: "report" } },
    },
  ],
  [
    "names with dashes and underscores; values percent-decoded",
    {
      given: "GET /users/a%2Fb/keys/%E2%82%AC",
      want: { route: "GET /users/{user-id}/keys/{key_id}", values: { "user-id": "a/b", key_id: "€" } },
    },
  ],
  [
    "a name like __proto__ is an own value",
    { given: "GET /proto/x", want: { route: "GET /proto/{__proto__}", values: { ["__proto__"]: "x" } } },
  ],
  [
    "an escaped unreserved character is the character: a literal route wins",
    { given: "GET /pets/%6dine", want: { route: "GET /pets/mine", values: {} } },
  ],
  [
    "an escape of a reserved character stays in the value",
    { given: "GET /pets/a%3Fb", want: { route: "GET /pets/{petId}", values: { petId: "a?b" } } },
  ],
  [
    "a name twice takes one value",
    { given: "GET /same/1/1", want: { route: "GET /same/{v}/{v}", values: { v: "1" } } },
  ],
];

const REFUSED: [string, { given: string; want: RegExp }][] = [
  [
    "no template fits",
    {
      given: "GET /petz",
      want: /Route "GET \/petz" is not described by api\.yaml\. Did you mean "GET \/pets"/,
    },
  ],
  [
    "another method fits: it is named",
    { given: "PUT /pets/7", want: /Did you mean "GET \/pets\/\{petId\}" or "DELETE \/pets\/\{petId\}"\?/ },
  ],
  ["an empty segment fits no variable", { given: "GET /pets/", want: /is not described/ }],
  ["a suffix alone fits no variable", { given: "GET /files/.json", want: /is not described/ }],
  ["a name twice with two values", { given: "GET /same/1/2", want: /is not described/ }],
  ["an escape that is no UTF-8", { given: "GET /files/%FF.json", want: /is not described/ }],
  ["more segments than any template", { given: "GET /pets/7/x", want: /is not described/ }],
  [
    "two templates with as many literals: both named",
    {
      given: "GET /a/b/b",
      want: /The path "\/a\/b\/b" fits "GET \/a\/\{x\}\/b" and "GET \/a\/b\/\{y\}" of api\.yaml equally/,
    },
  ],
  [
    "a tie spelled with an escape is still a tie",
    { given: "GET /a/%62/b", want: /fits "GET \/a\/\{x\}\/b" and "GET \/a\/b\/\{y\}" of api\.yaml equally/ },
  ],
  [
    "a query in the path, which a path value would swallow",
    {
      given: "GET /pets/mine?x=1",
      want: /holds a query or a fragment: with --operations, give the query as items \(name==value\)/,
    },
  ],
  ["a fragment in the path", { given: "DELETE /pets/7#x", want: /holds a query or a fragment/ }],
  [
    "a template of another kind is never fitted",
    { given: "GET /search", want: /Did you mean "GET \/search\{\?q\}"/ },
  ],
];

describe("describedPath: a concrete path read as the described route it fits", () => {
  it.each(FITS)("%s", (_title, { given, want }) => {
    const fitted = describedPath(given, ROUTES, "api.yaml");
    expect(fitted.route).toBe(want.route);
    expect({ ...fitted.values }).toStrictEqual(want.values);
    for (const name of Object.keys(want.values)) expect(Object.hasOwn(fitted.values, name)).toBe(true);
  });

  it.each(REFUSED)("refused: %s", (_title, { given, want }) => {
    expect(() => describedPath(given, ROUTES, "api.yaml")).toThrow(want);
  });
});
