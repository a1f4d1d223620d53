import { describe, expect, it } from "vitest";
import { type EndpointOptions, endpoint, type MergedOptions } from "../../src/index.js";
import { DEFAULT_HEADERS, expectEndpointError } from "../helpers.js";

const JSON_TYPE = "application/json; charset=utf-8";
const url = (route: string, options?: EndpointOptions): string => endpoint(route, options).url;

describe("url", () => {
  it.each<[string, EndpointOptions, string]>([
    // :name placeholders
    ["GET /user/starred/:owner/:repo", { owner: "o", repo: "r" }, "https://api.github.com/user/starred/o/r"],
    ["GET /v1/{name}:cancel", { name: "job" }, "https://api.github.com/v1/job:cancel"],
    ["GET https://host:8443/x/:id", { id: 7 }, "https://host:8443/x/7"],
    // RFC 6570 expansion and encoding
    ["GET /repos/{owner}/{repo}", { owner: "a b", repo: "c/d" }, "https://api.github.com/repos/a%20b/c%2Fd"],
    [
      "GET /repos/{owner}/{repo}/contents/{+path}",
      { owner: "o", repo: "r", path: "a/b c.md" },
      "https://api.github.com/repos/o/r/contents/a/b%20c.md",
    ],
    ["GET /x{/segments*}", { segments: ["a", "b"] }, "https://api.github.com/x/a/b"],
    ["GET /x{?a,b}", { a: 1 }, "https://api.github.com/x?a=1"],
    ["GET /x{;m*}", { m: { k: "v" } }, "https://api.github.com/x;k=v"],
    [
      "GET /enterprises/{enterprise}/teams/{enterprise-team}",
      { enterprise: "e", "enterprise-team": "t" },
      "https://api.github.com/enterprises/e/teams/t",
    ],
    // trailing slash left by an empty last segment
    [
      "GET /repos/{owner}/{repo}/contents/{path}",
      { owner: "o", repo: "r", path: "" },
      "https://api.github.com/repos/o/r/contents",
    ],
    [
      "GET /repos/{owner}/{repo}/contents/{path}",
      { owner: "o", repo: "r", path: "", ref: "x" },
      "https://api.github.com/repos/o/r/contents?ref=x",
    ],
    ["GET /a/{b}{#f}", { b: "", f: "top" }, "https://api.github.com/a#top"],
    ["GET /a/", {}, "https://api.github.com/a/"],
    ["GET /a/{?q}", { q: "x" }, "https://api.github.com/a/?q=x"],
    ["GET /x{/a,b}", { a: "1", b: "" }, "https://api.github.com/x/1"],
    // joining with baseUrl: exactly one slash
    ["GET user", {}, "https://api.github.com/user"],
    ["GET //user", {}, "https://api.github.com/user"],
    ["GET /user", { baseUrl: "https://ghe.example.com/api/v3/" }, "https://ghe.example.com/api/v3/user"],
    ["GET /user", { baseUrl: "https://ghe.example.com/api/v3//" }, "https://ghe.example.com/api/v3/user"],
    ["GET /user", { baseUrl: "" }, "/user"],
    ["GET user", { baseUrl: "" }, "/user"],
    ["GET /{+p}", { baseUrl: "", p: "/evil.example/x" }, "/evil.example/x"],
    // a url with a scheme is used as is
    [
      "GET https://uploads.github.com/x",
      { baseUrl: "https://other.example" },
      "https://uploads.github.com/x",
    ],
    ["GET HTTP://h/x", {}, "HTTP://h/x"],
    ["GET {+u}", { u: "https://evil.example/x" }, "https://api.github.com/https://evil.example/x"],
  ])("%s %o -> %s", (route, options, expected) => {
    expect(url(route, options)).toBe(expected);
  });

  it.each<[string, EndpointOptions]>([
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: ".." }],
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: "." }],
    ["GET /repos/{owner}/{+repo}/x", { owner: "o", repo: "%2e%2E" }],
    ["GET /files/{+path}", { path: "a/../../admin" }],
    ["GET /files/{+path}", { path: "%2e%2e/admin" }],
    ["GET /files/{+path}", { path: ".%2E" }],
    ["GET /files/{+path}", { path: "%2E" }],
    ["GET /files{/segments*}", { segments: ["a", ".."] }],
    ["GET /files/{a}{b}", { a: ".", b: "." }],
    ["GET /files/:name", { name: ".." }],
    ["GET https://host/files/{x}", { x: ".." }],
  ])("%s with %j is invalid_parameter: no dot segments from values", (route, options) => {
    expectEndpointError(
      () => endpoint(route, options),
      "invalid_parameter",
      /makes a "\." or "\.\." path segment.*must not move the request/,
    );
  });

  it("dot-like values that are not whole segments are fine; a route's own dot segment is refused", () => {
    expect(url("GET /repos/{owner}/{repo}", { owner: "o", repo: "..." })).toBe(
      "https://api.github.com/repos/o/...",
    );
    expect(url("GET /repos/{owner}/{repo}", { owner: "o", repo: ".github" })).toBe(
      "https://api.github.com/repos/o/.github",
    );
    expect(url("GET /x/{a}", { a: "%2e%2e" })).toBe("https://api.github.com/x/%252e%252e");
    expectEndpointError(() => url("GET /a/../{b}", { b: "c" }), "invalid_template");
    expect(url("GET /x/{a}?p=..", { a: "b" })).toBe("https://api.github.com/x/b?p=..");
    expectEndpointError(() => url("GET /a/{b}", { b: ".." }), "invalid_parameter");
  });

  it.each<[string, EndpointOptions, string]>([
    [
      "GET /repos/{owner}/{repo}",
      { owner: "o" },
      'Missing parameter "repo" for route "GET /repos/{owner}/{repo}"',
    ],
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: null }, '"repo"'],
    ["GET /repos/{owner}/{repo}", { owner: "o", repo: undefined }, '"repo"'],
    ["post /files/{+path}", {}, 'Missing parameter "path" for route "POST /files/{+path}"'],
    ["DELETE /x/:id", {}, 'Missing parameter "id" for route "DELETE /x/:id"'],
    ["GET /{constructor}", {}, '"constructor"'],
  ])("%s with %j is missing_parameter", (route, options, message) => {
    const error = expectEndpointError(() => endpoint(route, options), "missing_parameter");
    if (__DEV__) {
      expect(error.message).toContain(message);
      expect(error.message).toMatch(/pass it in the options/);
    }
  });

  it("operator expressions other than + are optional", () => {
    expect(url("GET /x{/a}{.b}{;c}{?d}{&e}{#f}")).toBe("https://api.github.com/x");
  });

  it.each<[string, RegExp]>([
    ["ftp:/", /neither an absolute URL with an http: or https: scheme/],
    ["api.github.com", /nor a path starting with \//],
    ["//evil.example/api", /starts with "\/\/", which names a host/],
    ["/api/../admin", /reads as "\/admin" to a URL parser/],
    ["/api/%2e%2e/admin", /reads as "\/admin" to a URL parser/],
    ["/api/v3?x=1", /query or fragment/],
    ["/a b", /holds U\+0020 at index 2/],
    ["https://h/?x=1", /query or fragment/],
    ["https://h/#x", /query or fragment/],
    ["https://exa mple.com", /holds U\+0020 at index 11/],
  ])("baseUrl %j is invalid_base_url", (baseUrl, message) => {
    expectEndpointError(() => endpoint("GET /x", { baseUrl }), "invalid_base_url", message);
    expectEndpointError(
      () => endpoint.parse({ ...endpoint.DEFAULTS, baseUrl, url: "/x" } as unknown as MergedOptions),
      "invalid_base_url",
    );
  });
});

describe("baseUrl as an absolute path (OpenAPI servers are often relative)", () => {
  it.each<[string, string, string]>([
    ["/api/v3", "GET /repos/{owner}", "/api/v3/repos/o"],
    ["/api/v3/", "GET /repos/{owner}", "/api/v3/repos/o"],
    ["/", "GET /repos/{owner}", "/repos/o"],
    ["/api", "GET //evil.example/{owner}", "/api/evil.example/o"],
    ["", "GET //evil.example/{owner}", "/evil.example/o"],
  ])("baseUrl %j with %j gives the relative url %j", (baseUrl, route, expected) => {
    expect(endpoint(route, { baseUrl, owner: "o" }).url).toBe(expected);
    expect(endpoint.defaults({ baseUrl })(route, { owner: "o" }).url).toBe(expected);
    expect(endpoint.parse(endpoint.merge(route, { baseUrl, owner: "o" })).url).toBe(expected);
  });
});

describe("the query goes before any fragment, for every method and every route", () => {
  it.each<[string, EndpointOptions, string]>([
    ["POST /x#frag{?a}", { a: 1 }, "/x?a=1#frag"],
    ["GET /x#frag{?a}", { a: 1, b: 2 }, "/x?a=1&b=2#frag"],
    ["POST /#Action=Send{?a}{&b}", { a: 1, b: 2 }, "/?a=1&b=2#Action=Send"],
    ["POST /y?z=1#Action=X{&a}", { a: 1 }, "/y?z=1&a=1#Action=X"],
    ["GET /x{#f}{?a}", { a: 1, f: "g" }, "/x?a=1#g"],
    ["DELETE /x#frag{?a}", {}, "/x#frag"],
    ["PUT /x{?a}#f", { a: "#" }, "/x?a=%23#f"],
  ])("%s %j -> %s", (route, options, path) => {
    expect(endpoint(route, options).url).toBe(`https://api.github.com${path}`);
    expect(endpoint.parse(endpoint.merge(route, options)).url).toBe(`https://api.github.com${path}`);
  });
});

describe("parameter routing", () => {
  it.each<[string, EndpointOptions, Record<string, unknown>]>([
    [
      "GET /x",
      { a: "1", b: [1, 2], c: null, d: undefined, e: "", f: true },
      { url: "https://api.github.com/x?a=1&b=1,2&e=&f=true" },
    ],
    ["HEAD /x", { q: "a b&c=d" }, { url: "https://api.github.com/x?q=a%20b%26c%3Dd" }],
    ["GET /x?fixed=1", { a: 2 }, { url: "https://api.github.com/x?fixed=1&a=2" }],
    ["GET /x{?a}", { a: 1, b: 2 }, { url: "https://api.github.com/x?a=1&b=2" }],
    ["GET /x{?a}", { b: 2 }, { url: "https://api.github.com/x?b=2" }],
    ["GET /x#frag", { a: 1 }, { url: "https://api.github.com/x?a=1#frag" }],
    ["GET /x{#f}", { f: "top", a: 1 }, { url: "https://api.github.com/x?a=1#top" }],
    ["GET /x", { "a b": "c", ü: "é" }, { url: "https://api.github.com/x?a%20b=c&%C3%BC=%C3%A9" }],
    [
      "GET /x",
      { q: "repo:octokit/rest.js is:open+label:bug" },
      { url: "https://api.github.com/x?q=repo%3Aoctokit%2Frest.js%20is%3Aopen%2Blabel%3Abug" },
    ],
    ["GET /x", { empty: [] }, { url: "https://api.github.com/x" }],
    [
      "GET /x",
      { since: new Date(0) },
      { url: "https://api.github.com/x?since=1970-01-01T00%3A00%3A00.000Z" },
    ],
    ["GET /x", { per_page: 100, n: 10n }, { url: "https://api.github.com/x?per_page=100&n=10" }],
    [
      "POST /repos/{owner}/{repo}/issues",
      { owner: "o", repo: "r", title: "t", labels: ["a"], assignee: null, x: undefined },
      { body: { title: "t", labels: ["a"], assignee: null } },
    ],
    ["DELETE /x/{id}", { id: 1 }, { url: "https://api.github.com/x/1" }],
    ["DELETE /x/{id}", { id: 1, reason: "r" }, { body: { reason: "r" } }],
    ["POST /x", {}, { url: "https://api.github.com/x" }],
    ["PUT /x", {}, { body: "" }],
    ["PATCH /x", {}, { body: "" }],
    ["PUT /x", { a: undefined }, { body: "" }],
    ["POST /x", { data: "raw", a: undefined }, { body: "raw" }],
    ["POST /x", { data: null }, { body: null }],
    ["PUT /x", { data: "" }, { body: "" }],
    ["PATCH /x", { data: { a: 1 } }, { body: { a: 1 } }],
    ["POST /x{?name}", { data: "raw", name: "n" }, { url: "https://api.github.com/x?name=n", body: "raw" }],
  ])("%s %o", (route, options, expected) => {
    expect(endpoint(route, options)).toMatchObject(expected);
  });

  // A parameter left over beside data would be lost (@octokit/endpoint drops it).
  it.each<[string, EndpointOptions, string]>([
    ["POST /x", { data: "raw", a: 1 }, "a"],
    ["POST /x", { data: null, a: 1 }, "a"],
    ["PATCH /x", { data: { a: 1 }, b: 2 }, "b"],
    ["DELETE /x/{id}", { id: 1, data: {}, reason: null }, "reason"],
    ["POST /x{?name}", { name: "n", data: "raw", label: "l" }, "label"],
  ])("%s %o is invalid_parameter naming %j", (route, options, name) => {
    const error = expectEndpointError(() => endpoint(route, options), "invalid_parameter");
    expectEndpointError(() => endpoint.parse(endpoint.merge(route, options)), "invalid_parameter");
    if (__DEV__) {
      expect(error.message).toContain(`Parameter "${name}" is left over beside data`);
      expect(error.message).toContain(`{?${name}}`);
    }
  });

  it("no body key without a body; POST without parameters has none", () => {
    expect(endpoint("POST /x")).not.toHaveProperty("body");
    expect(endpoint("GET /x", { a: 1 })).not.toHaveProperty("body");
    expect(endpoint("DELETE /x")).toStrictEqual({
      method: "delete",
      url: "https://api.github.com/x",
      headers: DEFAULT_HEADERS,
    });
  });

  it("data is the body as it stands: same object, bytes untouched", () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const result = endpoint("POST https://uploads.github.com/x{?name}", {
      name: "f",
      data: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(result.body).toBe(bytes);
    expect(result.headers["content-type"]).toBe("application/octet-stream");
    const data = { a: [1] };
    expect(endpoint("POST /x", { data }).body).toBe(data);
  });

  it("the body is a new object whose values are untouched", () => {
    const labels = ["a"];
    const options = { title: "t", labels };
    const body = endpoint("POST /x", options).body as Record<string, unknown>;
    expect(body).not.toBe(options);
    expect(body.labels).toBe(labels);
  });

  it.each<[string, EndpointOptions, string | undefined]>([
    ["POST /x", { a: 1 }, JSON_TYPE],
    ["POST /x", { data: "s" }, JSON_TYPE],
    ["POST /x", { data: null }, JSON_TYPE],
    ["POST /x", { data: {}, headers: { "Content-Type": "text/plain" } }, "text/plain"],
    ["PUT /x", {}, undefined],
    ["PUT /x", { data: "" }, undefined],
    ["POST /x", {}, undefined],
    ["GET /x", { a: 1 }, undefined],
  ])("content-type for %s %j is %s", (route, options, expected) => {
    expect(endpoint(route, options).headers["content-type"]).toBe(expected);
  });

  it.each<[string, EndpointOptions, string, RegExp]>([
    ["GET /x", { data: "d" }, "invalid_parameter", /A GET request has no body, but data was given/],
    ["HEAD /x", { data: null }, "invalid_parameter", /A HEAD request has no body/],
    ["GET /x", { filter: { a: 1 } }, "invalid_parameter", /"filter" is an object.*"\{\?filter\*\}"/],
    ["GET /x", { bad: Symbol("s") }, "invalid_parameter", /"bad" is a symbol/],
    ["GET /x", { bad: Number.NaN }, "invalid_parameter", /"bad" is NaN/],
    ["GET /x", { bad: "\uD800" }, "invalid_parameter", /lone UTF-16 surrogate/],
    ["GET /x", { "\uD800": "v" }, "invalid_parameter", /lone UTF-16 surrogate/],
    ["GET /x/{a}", { a: { k: "v" }, b: [["nested"]] }, "invalid_parameter", /nested list/],
  ])("%s %o is %s", (route, options, code, message) => {
    expectEndpointError(() => endpoint(route, options), code as never, message);
  });

  it("a parameter used by the template is consumed even when it expands to nothing", () => {
    expect(endpoint("GET /x{?a}", { a: [] }).url).toBe("https://api.github.com/x");
    expect(endpoint("POST /x{?a}", { a: null })).not.toHaveProperty("body");
  });

  it("objects expand through explode in the template", () => {
    expect(endpoint("GET /x{?filter*}", { filter: { state: "open", sort: "new" } }).url).toBe(
      "https://api.github.com/x?state=open&sort=new",
    );
  });
});

describe("OPTIONS: parameters to the query as for GET, data as its body", () => {
  it.each<[string, { route: string; given: EndpointOptions; want: Record<string, unknown> }]>([
    [
      "leftover parameters go to the query, no body",
      {
        route: "OPTIONS /api/v1/namespaces/{name}/proxy",
        given: { name: "n s", path: "a/b", tags: ["x", "y"] },
        want: { url: "https://api.github.com/api/v1/namespaces/n%20s/proxy?path=a%2Fb&tags=x,y" },
      },
    ],
    [
      "data is the body as it stands, labelled as JSON",
      {
        route: "OPTIONS /files/content",
        given: { data: { name: "f.txt", size: 3 } },
        want: {
          url: "https://api.github.com/files/content",
          body: { name: "f.txt", size: 3 },
          headers: { ...DEFAULT_HEADERS, "content-type": JSON_TYPE },
        },
      },
    ],
    [
      "data beside parameters the url takes (path and query expressions)",
      {
        route: "OPTIONS /x/{id}{?q}",
        given: { id: 1, q: "a", data: "raw" },
        want: { url: "https://api.github.com/x/1?q=a", body: "raw" },
      },
    ],
    [
      "no body, and no empty one as PUT and PATCH get",
      { route: "options /x", given: {}, want: { method: "options", url: "https://api.github.com/x" } },
    ],
    [
      "an undefined leftover is not given: none refused beside data",
      {
        route: "OPTIONS /x",
        given: { b: undefined, data: null },
        want: { url: "https://api.github.com/x", body: null },
      },
    ],
  ])("%s", (_title, { route, given, want }) => {
    const result = endpoint(route, given);
    expect(result).toMatchObject({ method: "options", ...want });
    if (!("body" in want)) expect(result).not.toHaveProperty("body");
    expect(endpoint.parse(endpoint.merge(route, given))).toStrictEqual(result);
    // The options-only form and a builder's defaults take the same rule.
    expect(endpoint({ method: "OPTIONS", url: route.split(" ")[1] as string, ...given })).toStrictEqual(
      result,
    );
  });

  it.each<[string, { route: string; given: EndpointOptions; refused: string }]>([
    [
      "a parameter left over beside data",
      { route: "OPTIONS /x", given: { data: "raw", a: 1 }, refused: "a" },
    ],
    [
      "one left over beside a null data",
      { route: "OPTIONS /x{?q}", given: { q: 1, data: null, label: "l" }, refused: "label" },
    ],
    // As beside a POST's data: null is a value given.
    ["a null one", { route: "OPTIONS /x", given: { data: {}, reason: null }, refused: "reason" }],
  ])("%s is invalid_parameter, naming it", (_title, { route, given, refused }) => {
    const error = expectEndpointError(() => endpoint(route, given), "invalid_parameter");
    expectEndpointError(() => endpoint.parse(endpoint.merge(route, given)), "invalid_parameter");
    if (__DEV__) {
      expect(error.message).toContain(`Parameter "${refused}" is left over beside data`);
      expect(error.message).toContain(`{?${refused}}`);
    } else {
      expect(error.message).toContain(refused);
    }
  });

  it("data on GET and HEAD is still refused, naming the methods that send a body", () => {
    for (const method of ["GET", "HEAD"]) {
      const error = expectEndpointError(() => endpoint(`${method} /x`, { data: "a" }), "invalid_parameter");
      if (__DEV__) expect(error.message).toContain("OPTIONS, POST, PUT, PATCH, DELETE");
    }
  });
});

describe("headers", () => {
  it("lowercases names and turns numbers into decimal strings", () => {
    const { headers } = endpoint("GET /x", {
      headers: { "X-Count": 3, "X-Big": 2n ** 64n, "X-Huge": 1e21, "X-Frac": 0.5 },
    });
    expect(headers).toStrictEqual({
      ...DEFAULT_HEADERS,
      "x-count": "3",
      "x-big": "18446744073709551616",
      "x-huge": "1000000000000000000000",
      "x-frac": "0.5",
    });
  });

  it("passes authorization through unchanged", () => {
    expect(endpoint("GET /user", { headers: { authorization: "token secret" } }).headers.authorization).toBe(
      "token secret",
    );
  });

  it.each<[Record<string, unknown>, RegExp]>([
    [{ "bad name": "x" }, /Invalid header name "bad name"/],
    [{ "x:y": "x" }, /Invalid header name "x:y"/],
    [{ "x\r\ny": "x" }, /Invalid header name/],
    [{ é: "x" }, /Invalid header name/],
    [{ "": "x" }, /Invalid header name ""/],
    [{ "x-a": "a\r\nx-injected: 1" }, /"x-a" has a value with CR, LF or NUL/],
    [{ "x-a": "a\nb" }, /CR, LF or NUL/],
    [{ "x-a": "a\rb" }, /CR, LF or NUL/],
    [{ "x-a": "a\u0000b" }, /CR, LF or NUL/],
    [{ "x-a": Number.NaN }, /must be a string or a finite number/],
  ])("%j is invalid_header", (headers, message) => {
    expectEndpointError(() => endpoint("GET /x", { headers: headers as never }), "invalid_header", message);
  });

  it("validates headers given straight to parse", () => {
    const merged = { ...endpoint.merge("GET /x"), headers: { "X-Bad": "a\nb" } } as MergedOptions;
    expectEndpointError(() => endpoint.parse(merged), "invalid_header", /"x-bad"/);
    expectEndpointError(() => endpoint.parse({ ...merged, headers: { x: [] } } as never), "invalid_header");
  });
});

describe("accept and mediaType", () => {
  it.each<[string | null | undefined, { format?: string; previews?: string[] }, string | undefined]>([
    [undefined, { format: "raw" }, "application/vnd.github.v3.raw"],
    [undefined, { format: "diff" }, "application/vnd.github.v3.diff"],
    [undefined, { format: "text+json" }, "application/vnd.github.v3.text+json"],
    ["application/vnd.github+json", { format: "raw+json" }, "application/vnd.github.raw+json"],
    ["application/vnd.github.v3.diff", { format: "patch" }, "application/vnd.github.v3.patch"],
    ["application/vnd.github.v3.html+json", { format: "raw" }, "application/vnd.github.v3.raw"],
    [
      "application/vnd.acme.v2+json, text/plain",
      { format: "full" },
      "application/vnd.acme.v2.full, text/plain",
    ],
    ["application/vnd.github.v3+json; q=1", { format: "raw" }, "application/vnd.github.v3+json; q=1"],
    ["application/vnd.GitHub.v3+json", { format: "raw" }, "application/vnd.GitHub.v3+json"],
    ["application/json", { format: "raw" }, "application/json"],
    ["application/vnd.github.v3+json", { format: "" }, "application/vnd.github.v3+json"],
    [undefined, { previews: ["squirrel-girl"] }, "application/vnd.github.squirrel-girl-preview+json"],
    [
      undefined,
      { previews: ["squirrel-girl-preview", "symmetra"] },
      "application/vnd.github.squirrel-girl-preview+json,application/vnd.github.symmetra-preview+json",
    ],
    [undefined, { previews: ["inertia"], format: "raw" }, "application/vnd.github.inertia-preview.raw"],
    ["text/html, application/vnd.acme+json", { previews: ["p"] }, "application/vnd.acme.p-preview+json"],
    ["application/json", { previews: ["p"] }, "application/vnd.github.p-preview+json"],
    [null, { format: "raw", previews: ["p"] }, undefined],
  ])("accept %j with %j -> %j", (accept, mediaType, expected) => {
    const headers = accept === undefined ? undefined : { accept };
    expect(endpoint("GET /x", { headers, mediaType }).headers.accept).toBe(expected);
  });

  it("previews apply to every url, also full urls", () => {
    expect(
      endpoint("GET https://uploads.github.com/x", { mediaType: { previews: ["p"] } }).headers.accept,
    ).toBe("application/vnd.github.p-preview+json");
  });

  it("a mediaType given straight to parse must be well formed", () => {
    const merged = endpoint.merge("GET /x");
    expectEndpointError(
      () => endpoint.parse({ ...merged, mediaType: { format: 1 } } as never),
      "invalid_options",
      /mediaType must be/,
    );
    expectEndpointError(
      () => endpoint.parse({ ...merged, mediaType: { previews: [2] } } as never),
      "invalid_options",
    );
    expect(endpoint.parse({ ...merged, mediaType: undefined } as never).headers.accept).toBe(
      DEFAULT_HEADERS.accept,
    );
  });
});

describe("parse", () => {
  it("reads only its argument, with defaults for a missing method, headers and baseUrl", () => {
    expect(endpoint.parse({ url: "/x/{a}", a: "b" } as never)).toStrictEqual({
      method: "get",
      url: "/x/b",
      headers: {},
    });
    expect(endpoint.defaults({ baseUrl: "https://other.example" }).parse).toBe(endpoint.parse);
  });

  it("lowercases the method", () => {
    for (const method of ["GET", "head", "Options", "Post", "PUT", "patch", "DELETE"]) {
      expect(endpoint({ method, url: "/x" }).method).toBe(method.toLowerCase());
    }
  });

  it("returns request as given", () => {
    const request = { timeout: 5 };
    expect(endpoint("GET /x", { request }).request).toBe(request);
    expect(endpoint("GET /x")).not.toHaveProperty("request");
  });

  it.each<[string, unknown, string, RegExp]>([
    ["no url", { method: "GET" }, "invalid_route", /No url to request: give a route/],
    ["an empty url", { url: "" }, "invalid_route", /No url/],
    ["a url that is not a string", { url: 1 }, "invalid_route", /url must be a string/],
    ["not an object", "GET /x", "invalid_options", /parse\(\) takes merged options/],
    ["null", null, "invalid_options", /got null/],
    ["an unsupported method", { method: "TRACE", url: "/x" }, "unsupported_method", /"TRACE": use one of/],
  ])("%s", (_name, merged, code, message) => {
    expectEndpointError(() => endpoint.parse(merged as never), code as never, message);
  });

  it("endpoint with no url is invalid_route", () => {
    expectEndpointError(() => endpoint({}), "invalid_route", /No url/);
    expectEndpointError(() => endpoint({ owner: "o" }), "invalid_route");
  });
});
