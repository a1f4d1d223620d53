// Whether a url is under a described server, its `{variables}` standing for one host or path
// segment: what credentials and a moved builder's refusals are judged by.
import { describe, expect, it } from "vitest";
import { credentialServers } from "../../src/generate/read-security.js";
import { underServer } from "../../src/operations/under-server.js";

describe("underServer", () => {
  it.each<[string, { given: [url: string, server: string]; want: boolean }]>([
    ["a host variable that ends the server", { given: ["http://HOSTNAME", "http://{hostname}"], want: true }],
    ["the same, with a path after it", { given: ["http://h.example/api/v3", "http://{host}"], want: true }],
    ["a variable then a path", { given: ["http://h.example/api/v3/x", "http://{host}/api/v3"], want: true }],
    ["a variable takes no userinfo", { given: ["http://evil@h.example", "http://{host}"], want: false }],
    ["a variable takes no backslash", { given: ["http://evil\\h.example", "http://{host}"], want: false }],
    ["another scheme", { given: ["https://h.example", "http://{host}"], want: false }],
    [
      "a path variable is one segment",
      { given: ["https://a.example/v1/x", "https://a.example/{v}"], want: true },
    ],
    [
      "a literal path is cut at a segment",
      { given: ["https://a.example/v10", "https://a.example/v1"], want: false },
    ],
  ])("%s", (_title, { given, want }) => {
    expect(underServer(...given)).toBe(want);
  });
});

describe("credentialServers", () => {
  it("a scheme written as a variable without an enum is its default", () => {
    expect(
      credentialServers({
        url: "{protocol}://{hostname}/api/v3",
        variables: { protocol: { default: "http" }, hostname: { default: "HOSTNAME" } },
      } as never),
    ).toStrictEqual(["http://{hostname}/api/v3"]);
  });
});
