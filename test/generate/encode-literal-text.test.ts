// A path key's literal text as a URL can hold it: what RFC 3986 does not allow is
// percent-encoded as UTF-8, `{expressions}` and escapes already written are kept.
import { describe, expect, it } from "vitest";
import { encodeLiteralText } from "../../src/generate/encode-literal-text.js";

describe("encodeLiteralText", () => {
  it.each<[string, { given: string; want: string }]>([
    ["a plain path is kept", { given: "/repos/{owner}/issues", want: "/repos/{owner}/issues" }],
    ["white space outside an expression", { given: "/a b/{my id}", want: "/a%20b/{my id}" }],
    ["an escape already written is kept", { given: "/a%2Fb", want: "/a%2Fb" }],
    ["a % that starts no escape", { given: "/100%", want: "/100%25" }],
    ["quotes and a pipe", { given: '/"a"|b', want: "/%22a%22%7Cb" }],
    ["non-ASCII as UTF-8", { given: "/café", want: "/caf%C3%A9" }],
    ["a lone surrogate as U+FFFD", { given: "/\uD800", want: "/%EF%BF%BD" }],
    ["a character past the BMP as its four UTF-8 bytes", { given: "/\u{1F600}", want: "/%F0%9F%98%80" }],
    ["a stray } is kept", { given: "/a}b", want: "/a}b" }],
    ["reserved characters are kept", { given: "/a:b;c=d?e#f", want: "/a:b;c=d?e#f" }],
  ])("%s", (_title, { given, want }) => {
    expect(encodeLiteralText(given)).toBe(want);
  });
});
