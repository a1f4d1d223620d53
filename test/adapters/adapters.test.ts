import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { toCurl, toFetchArgs } from "../../src/adapters/index.js";
import { shellQuote } from "../../src/adapters/to-curl.js";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { bytesOf, DEFAULT_HEADERS, expectEndpointError, fetchInit } from "../helpers.js";

const JSON_TYPE = { "content-type": "application/json" };
const TEXT_TYPE = { "content-type": "text/plain" };

describe("toFetchArgs", () => {
  it.each<[string, RequestOptions, [string, Record<string, unknown>]]>([
    [
      "GET: no body",
      { method: "get", url: "https://h/x", headers: { a: "b" } },
      ["https://h/x", { method: "GET", headers: { a: "b" } }],
    ],
    [
      "HEAD never has a body",
      { method: "head", url: "/x", headers: {}, body: "ignored" },
      ["/x", { method: "HEAD", headers: {} }],
    ],
    [
      "a JSON body",
      { method: "post", url: "/x", headers: JSON_TYPE, body: { a: [1, null], n: 2n } },
      ["/x", { method: "POST", headers: JSON_TYPE, body: '{"a":[1,null],"n":"2"}' }],
    ],
    [
      "a null body is JSON null",
      { method: "post", url: "/x", headers: JSON_TYPE, body: null },
      ["/x", { method: "POST", headers: JSON_TYPE, body: "null" }],
    ],
    [
      "a string body as it stands",
      { method: "put", url: "/x", headers: TEXT_TYPE, body: "a b" },
      ["/x", { method: "PUT", headers: TEXT_TYPE, body: "a b" }],
    ],
    [
      "text without a content-type as bytes, so fetch adds no text/plain",
      { method: "put", url: "/x", headers: {}, body: "" },
      ["/x", { method: "PUT", headers: {}, body: new Uint8Array(0) }],
    ],
    [
      "an array body",
      { method: "patch", url: "/x", headers: JSON_TYPE, body: ["a"] },
      ["/x", { method: "PATCH", headers: JSON_TYPE, body: '["a"]' }],
    ],
  ])("%s", (_name, options, expected) => {
    expect(toFetchArgs(options)).toStrictEqual([expected[0], fetchInit(expected[1])]);
  });

  it("passes blobs, forms and streams unchanged, bytes as a view of the same memory, and copies the headers", () => {
    for (const body of [new Blob(["x"]), new FormData(), new ReadableStream()]) {
      const options: RequestOptions = { method: "post", url: "/x", headers: { a: "b" }, body };
      const [, init] = toFetchArgs(options);
      expect(init.body).toBe(body);
      expect(init.headers).not.toBe(options.headers);
    }
    for (const body of [new Uint8Array([1]), new ArrayBuffer(2)]) {
      const [, init] = toFetchArgs({ method: "post", url: "/x", headers: {}, body });
      const sent = init.body as Uint8Array;
      expect(sent).toBeInstanceOf(Uint8Array);
      // Not copied: the same memory, read through the built-in getters.
      expect(sent.buffer).toBe(ArrayBuffer.isView(body) ? body.buffer : body);
      expect(bytesOf(sent)).toStrictEqual(bytesOf(body));
    }
    // A form of search parameters goes as its text, labelled as fetch labels it.
    const [, init] = toFetchArgs({
      method: "post",
      url: "/x",
      headers: {},
      body: new URLSearchParams("a=1 2"),
    });
    expect(init.body).toBe("a=1+2");
    expect(init.headers["content-type"]).toBe("application/x-www-form-urlencoded;charset=UTF-8");
  });

  it("works with endpoint output end to end", () => {
    const [url, init] = toFetchArgs(endpoint("POST /markdown", { text: "**hi**" }));
    expect(url).toBe("https://api.github.com/markdown");
    expect(init).toStrictEqual(
      fetchInit({
        method: "POST",
        headers: { ...DEFAULT_HEADERS, "content-type": "application/json; charset=utf-8" },
        body: '{"text":"**hi**"}',
      }),
    );
  });
});

describe("toCurl", () => {
  it("builds one command", () => {
    expect(toCurl(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }))).toBe(
      `curl -q -sS --globoff --path-as-is -X GET 'https://api.github.com/repos/o/r' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: ${DEFAULT_HEADERS["user-agent"]}'`,
    );
    expect(toCurl({ method: "head", url: "/x", headers: { "x-e": "" } })).toBe(
      "curl -q -sS --globoff --path-as-is --head '/x' -H 'x-e;' -H 'accept:' -H 'user-agent:'",
    );
    expect(toCurl({ method: "put", url: "/x", headers: {}, body: "" })).toBe(
      "curl -q -sS --globoff --path-as-is -X PUT '/x' -H 'accept:' -H 'user-agent:' -H 'content-type:' -H 'expect:' --data-raw ''",
    );
    expect(
      toCurl({
        method: "post",
        url: "/x",
        headers: { "content-type": "a/b" },
        body: new Uint8Array([0, 37, 92, 39, 255, 65]),
      }),
    ).toBe(
      "printf '\\000%%\\\\'\\''\\377A' | curl -q -sS --globoff --path-as-is -X POST '/x' -H 'content-type: a/b' -H 'accept:' -H 'user-agent:' -H 'expect:' --data-binary @-",
    );
  });

  it("refuses bodies it cannot write into a command", () => {
    expectEndpointError(
      () => toCurl({ method: "post", url: "/x", headers: {}, body: new Blob(["x"]) }),
      "invalid_options",
      /Blob/,
    );
  });

  it.each([
    "plain",
    "it's",
    "a'b'c",
    "$HOME",
    "`id`",
    "$(id)",
    "\\n",
    "new\nline",
    "tab\tx",
    "ünï ✓ 𝄞",
    "!*?[]{}~#&;|<>",
    "'",
    "''",
    "",
  ])("quotes %j so that a POSIX shell gives it back unchanged", (text) => {
    expect(execFileSync("sh", ["-c", `printf %s ${shellQuote(text)}`], { encoding: "utf8" })).toBe(text);
  });
});
