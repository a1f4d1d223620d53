// The Paths Object and its Path Item Objects: which path keys and operations are read, what is
// left out with a note, and which own servers credentials may go to.
import { describe, expect, it } from "vitest";
import { credentialUrls } from "../../src/generate/credential-urls.js";
import type { PathsContext } from "../../src/generate/read-path-item.js";
import { readPaths } from "../../src/generate/read-paths.js";
import { resolver } from "../../src/generate/read-refs.js";
import { type Schema, schemaTypes } from "../../src/generate/schema-type.js";

const SCHEMES = { token: { type: "http" as const, scheme: "bearer" as const } };

/** The routes read from `paths`, the notes, and the urls credentials may go to. */
function read(paths: Schema, defaultSecurity?: string[][]) {
  const resolve = resolver({ paths });
  const notes: string[] = [];
  const context: PathsContext = {
    readers: { resolve, typeOf: schemaTypes(resolve).typeOf },
    baseUrl: "https://api.example",
    options: {},
    notes,
    securitySchemes: SCHEMES,
    defaultSecurity,
    credentials: credentialUrls(notes),
    routes: new Set(),
  };
  const operations = readPaths(paths, context);
  return {
    routes: operations.map(
      (op) => `${op.method} ${op.url}${op.security ? ` ${JSON.stringify(op.security)}` : ""}`,
    ),
    notes,
    credentials: [...context.credentials.urls],
  };
}

describe("readPaths", () => {
  it.each<[string, { given: Schema; want: { routes: string[]; notes: string[] } }]>([
    [
      "operations in the Path Item's order",
      { given: { "/a": { post: {}, get: {} } }, want: { routes: ["GET /a", "POST /a"], notes: [] } },
    ],
    [
      "a method the library does not send",
      {
        given: { "/a": { trace: {} } },
        want: {
          routes: [],
          notes: [expect.stringMatching(/^TRACE \/a: the library sends .*; this operation is left out\.$/)],
        },
      },
    ],
    [
      "a path key that is a url",
      {
        given: { "https://evil.example/a": { get: {} } },
        want: {
          routes: [],
          notes: [
            '"https://evil.example/a": a path key must be a path starting with one "/"; it is left out.',
          ],
        },
      },
    ],
    [
      "a path item that names nothing",
      {
        given: { "/a": { $ref: "#/nowhere" } },
        want: {
          routes: [],
          notes: [expect.stringMatching(/^"\/a": \$ref "#\/nowhere" names nothing.* It is left out\.$/)],
        },
      },
    ],
    [
      "a second operation of one route (a path key as it is sent, and as written)",
      {
        given: { "/a b": { get: {} }, "/a%20b": { get: {} } },
        want: {
          routes: ["GET /a%20b"],
          notes: ["GET /a%20b: a second operation with this route is left out."],
        },
      },
    ],
    [
      "a path key with white space is written as it is sent",
      { given: { "/a b": { get: {} } }, want: { routes: ["GET /a%20b"], notes: [] } },
    ],
  ])("%s", (_title, { given, want }) => {
    const { routes, notes } = read(given);
    expect({ routes, notes }).toStrictEqual(want);
  });

  it.each<
    [
      string,
      {
        given: { security?: unknown; defaultSecurity?: string[][] };
        want: { routes: string[]; credentials: string[] };
      },
    ]
  >([
    [
      "an operation that sends credentials opens its own server to them",
      {
        given: { security: [{ token: [] }] },
        want: {
          routes: ['GET https://uploads.example/a [["token"]]'],
          credentials: ["https://uploads.example"],
        },
      },
    ],
    [
      "a public operation on another host does not",
      {
        given: { security: [{}], defaultSecurity: [["token"]] },
        want: { routes: ["GET https://uploads.example/a [[]]"], credentials: [] },
      },
    ],
    [
      "security the same as the description's is not repeated",
      {
        given: { security: [{ token: [] }], defaultSecurity: [["token"]] },
        want: { routes: ["GET https://uploads.example/a"], credentials: ["https://uploads.example"] },
      },
    ],
  ])("%s", (_title, { given, want }) => {
    const get = {
      servers: [{ url: "https://uploads.example" }],
      ...(given.security === undefined ? {} : { security: given.security }),
    };
    const { routes, credentials } = read({ "/a": { get } }, given.defaultSecurity);
    expect({ routes, credentials }).toStrictEqual(want);
  });
});
