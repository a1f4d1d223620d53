// The urls a generated module lets credentials go to: each once, in the order allowed, and
// bounded in all so that servers' enums cannot multiply the module.
import { describe, expect, it } from "vitest";
import { credentialUrls } from "../../src/generate/credential-urls.js";

describe("credentialUrls", () => {
  it.each<[string, { given: string[][]; want: string[] }]>([
    ["none allowed", { given: [], want: [] }],
    [
      "each url once, in the order allowed",
      {
        given: [["https://a.example", "https://b.example"], ["https://a.example"]],
        want: ["https://a.example", "https://b.example"],
      },
    ],
    ["the relative base of a description without servers", { given: [[""]], want: [""] }],
  ])("%s", (_title, { given, want }) => {
    const notes: string[] = [];
    const credentials = credentialUrls(notes);
    for (const urls of given) credentials.allow(urls);
    expect([...credentials.urls]).toStrictEqual(want);
    expect(notes).toStrictEqual([]);
  });

  it("past a million characters in all, further urls take none, and one note says so", () => {
    const notes: string[] = [];
    const credentials = credentialUrls(notes);
    const long = (i: number) => `https://${String(i).padStart(6, "0")}.example/${"p".repeat(100_000)}`;
    credentials.allow(Array.from({ length: 12 }, (_, i) => long(i)));
    credentials.allow([long(99)]);
    expect(credentials.urls.size).toBe(9);
    expect(notes).toStrictEqual([
      "servers: the urls credentials may go to pass 1000000 characters; the rest take none.",
    ]);
  });
});
