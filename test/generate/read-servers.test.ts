// Server Objects: the servers a request can go to, and an operation's own server as a prefix
// of its route.
import { describe, expect, it } from "vitest";
import { readServers, serverPrefix } from "../../src/generate/read-servers.js";

describe("serverPrefix", () => {
  it.each<[string, { given: { servers: unknown; baseUrl: string }; want: string }]>([
    ["no own servers", { given: { servers: undefined, baseUrl: "https://api.example" }, want: "" }],
    [
      "the description's own server",
      { given: { servers: [{ url: "https://api.example" }], baseUrl: "https://api.example" }, want: "" },
    ],
    [
      "another host, as it is",
      {
        given: { servers: [{ url: "https://uploads.example/v1" }], baseUrl: "https://api.example" },
        want: "https://uploads.example/v1",
      },
    ],
    [
      "a path, against the description's origin",
      {
        given: { servers: [{ url: "/v2" }], baseUrl: "https://api.example/v1" },
        want: "https://api.example/v2",
      },
    ],
    [
      "the first server read, at its variables' defaults",
      {
        given: {
          servers: [{ url: "https://{region}.example", variables: { region: { default: "eu" } } }],
          baseUrl: "",
        },
        want: "https://eu.example",
      },
    ],
  ])("%s", (_title, { given, want }) => {
    expect(serverPrefix(given.servers, given.baseUrl, "GET /a", [])).toBe(want);
  });

  it("a relative server under a relative description cannot be sent: the operation is refused", () => {
    expect(() => serverPrefix([{ url: "/v2" }], "", "GET /a", [])).toThrow(
      'its server "/v2" is relative, and so is the description\'s.',
    );
  });
});

describe("readServers", () => {
  it.each<[string, { given: unknown; want: { bases: string[]; notes: number } }]>([
    ["none", { given: undefined, want: { bases: [], notes: 0 } }],
    ["a server without a url", { given: [{ description: "x" }], want: { bases: [], notes: 1 } }],
    ["a variable without a default", { given: [{ url: "https://{host}" }], want: { bases: [], notes: 1 } }],
    [
      "scheme-relative as https",
      { given: [{ url: "//api.example/v1" }], want: { bases: ["https://api.example/v1"], notes: 0 } },
    ],
  ])("%s", (_title, { given, want }) => {
    const notes: string[] = [];
    const bases = readServers(given, "servers", notes).map((server) => server.base);
    expect({ bases, notes: notes.length }).toStrictEqual(want);
  });
});
