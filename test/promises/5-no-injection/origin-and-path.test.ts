import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { EndpointError, type MergedOptions, type RequestOptions } from "../../../src/index.js";
import { expectEndpointError } from "../../helpers.js";
import { endpoint, outcome, undoPollution } from "../loose-endpoint.js";

afterEach(undoPollution);

const HOOK_CONFIG = "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config";

describe("parameters named like an option never move a request", () => {
  it.each<[string, () => unknown, Record<string, unknown>]>([
    [
      "a body field url stays in the body, the request stays on api.github.com",
      () => endpoint(HOOK_CONFIG, { owner: "o", repo: "r", hook_id: 1, url: "https://hook.example" }),
      {
        method: "patch",
        url: "https://api.github.com/repos/o/r/hooks/1/config",
        body: { url: "https://hook.example" },
      },
    ],
    [
      "the five GitHub operations with a url body field: private registries",
      () =>
        endpoint("POST /orgs/{org}/private-registries", {
          org: "x",
          registry_type: "maven_repository",
          url: "https://evil.example/",
        }),
      {
        method: "post",
        url: "https://api.github.com/orgs/x/private-registries",
        body: { registry_type: "maven_repository", url: "https://evil.example/" },
      },
    ],
    [
      "method beside a route is a query parameter",
      () => endpoint("GET /x", { method: "DELETE" }),
      { method: "get", url: "https://api.github.com/x?method=DELETE" },
    ],
    [
      "method beside a route is a body field",
      () => endpoint("POST /rpc", { method: "eth_call", id: 1 }),
      { method: "post", url: "https://api.github.com/rpc", body: { id: 1, method: "eth_call" } },
    ],
    [
      "url fills a template variable of that name",
      () => endpoint("GET /proxy/{url}", { url: "https://evil.example/" }),
      { url: "https://api.github.com/proxy/https%3A%2F%2Fevil.example%2F" },
    ],
    [
      "the options-only form keeps url and method as options",
      () => endpoint({ method: "DELETE", url: "/x/{id}", id: 2 }),
      { method: "delete", url: "https://api.github.com/x/2" },
    ],
    [
      "defaults with a route keep url as a parameter",
      () =>
        endpoint.defaults(HOOK_CONFIG, { url: "https://hook.example" })({
          owner: "o",
          repo: "r",
          hook_id: 1,
        }),
      { url: "https://api.github.com/repos/o/r/hooks/1/config", body: { url: "https://hook.example" } },
    ],
    [
      "a call with a route over such defaults overrides the parameter, not the route",
      () =>
        endpoint.defaults(HOOK_CONFIG, { url: "https://a.example" })(HOOK_CONFIG, {
          owner: "o",
          repo: "r",
          hook_id: 1,
          url: "https://b.example",
        }),
      { url: "https://api.github.com/repos/o/r/hooks/1/config", body: { url: "https://b.example" } },
    ],
    [
      "defaults without a route keep url and method as options",
      () => endpoint.defaults({ method: "POST", url: "/markdown" })({ text: "hi" }),
      { method: "post", url: "https://api.github.com/markdown", body: { text: "hi" } },
    ],
  ])("%s", (_name, run, expected) => {
    expect(run()).toMatchObject(expected);
  });

  it("merged options keep them under $params, and parse(merge()) equals endpoint()", () => {
    const options = { owner: "o", repo: "r", hook_id: 1, url: "https://hook.example", active: true };
    const merged = endpoint.merge(HOOK_CONFIG, options);
    expect(merged.url).toBe("/repos/{owner}/{repo}/hooks/{hook_id}/config");
    expect(merged.method).toBe("PATCH");
    expect(merged.$params).toStrictEqual({ url: "https://hook.example" });
    expect(endpoint.parse(merged)).toStrictEqual(endpoint(HOOK_CONFIG, options));
    // Parameters named like an option come after the others, in both paths.
    expect(endpoint("GET /x", { url: "u", a: 1, method: "m", b: 2 }).url).toBe(
      "https://api.github.com/x?a=1&b=2&url=u&method=m",
    );
    expect(endpoint.parse(endpoint.merge("GET /x", { url: "u", a: 1, method: "m", b: 2 })).url).toBe(
      "https://api.github.com/x?a=1&b=2&url=u&method=m",
    );
  });

  it("$params in merged options must be an object", () => {
    expectEndpointError(
      () => endpoint.parse({ ...endpoint.merge("GET /x"), $params: "u" } as MergedOptions),
      "invalid_options",
      /\$params must be an object/,
    );
  });

  it("property: whatever url, method and $params hold, the request keeps the route's method, origin and path", () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom("https://evil.example/", "//evil.example", "DELETE", "/../admin", "HEAD", ""),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PATCH", "DELETE"),
        fc.record({ url: hostile, method: hostile, $params: hostile }, { requiredKeys: [] }),
        (method, extra) => {
          const route = `${method} /repos/{owner}/issues`;
          const options = { owner: "o", ...extra };
          const direct = outcome(() => endpoint(route, options));
          expect(direct).toStrictEqual(outcome(() => endpoint.parse(endpoint.merge(route, options))));
          if (!("ok" in (direct as object))) return;
          const { ok } = direct as { ok: { method: string; url: string } };
          expect(ok.method).toBe(method.toLowerCase());
          const url = new URL(ok.url);
          expect(url.origin).toBe("https://api.github.com");
          expect(url.pathname).toBe("/repos/o/issues");
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("a value never chooses the origin: no expression in a route's scheme, host or port", () => {
  it.each([
    "GET https://api.example.com{x}/y",
    "GET https://api.example.com{+x}",
    "GET https://api.example.com{.x}/y",
    "GET https://{host}/x",
    "GET https://{+host}/x",
    "GET https://api.example.com:{port}/x",
    "GET https://user{;p}@api.example.com/x",
    "GET https:{+rest}",
    "GET https:/{+rest}",
    "GET https://h.example:abc/x",
    "GET https://api.example.com{/version}.evil.example/x",
    "GET https://api.example.com{/v}:8443/x",
    "GET https://api.example.com{?page}{&per_page}",
    "GET https://h.example{#f}",
  ])("%s is invalid_template, whatever the values", (route) => {
    expectEndpointError(
      () => endpoint(route, { x: "", host: "h", port: 1, rest: "//e", p: "" }),
      "invalid_template",
    );
  });

  it.each([
    [
      "GET https://uploads.github.com/repos/{owner}/x{?name}",
      { owner: "o", name: "n" },
      "https://uploads.github.com/repos/o/x?name=n",
    ],
    ["GET https://h.example:8443/{a}", { a: "b" }, "https://h.example:8443/b"],
    ["GET https://h.example/{a}", { a: "b" }, "https://h.example/b"],
    ["GET https://h.example?{q}", { q: "1" }, "https://h.example?1"],
  ])("%s %j is allowed: values only after the origin", (route, options, url) => {
    expect(endpoint(route, options).url).toBe(url);
  });

  it("property: any value under any operator after a full URL's host keeps the origin and never starts the path with //", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("{/a}{/b}", "{/a,b}", "/{+a}{/b}", "/{a}/{b}", "{/a*}", "{?a}{/b}", "/{+a}"),
        fc.oneof(
          fc.constantFrom("", "/", "//evil.example", "@evil.example", ".evil.example", ":1"),
          fc.string(),
        ),
        fc.oneof(fc.constantFrom("", "evil.example", "/x"), fc.string()),
        (tail, a, b) => {
          let url: string;
          try {
            url = endpoint(`GET https://h.example${tail}`, { a: tail.includes("*") ? [a, b] : a, b }).url;
          } catch (error) {
            expect(error).toBeInstanceOf(EndpointError);
            return;
          }
          const parsed = new URL(url);
          expect(parsed.origin).toBe("https://h.example");
          expect(url.slice("https://h.example".length).startsWith("//")).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("baseUrl holds nothing a URL parser would silently drop or reinterpret", () => {
  const BAD = ["\r", "\n", "\r\n", "\t", "\0", " ", "\u00a0", "\u2028", "\\", "\u00e9", "\u007f", "\u0085"];
  const where = (bad: string): string[] => [
    `${bad}https://api.github.com`,
    `https://api.github.com${bad}`,
    `https://api.${bad}github.com/a`,
    `https://api.github.com/a${bad}X-Injected: 1`,
  ];
  for (const bad of BAD) {
    it.each(where(bad))(`${JSON.stringify(bad)} in %j is invalid_base_url, on every channel`, (baseUrl) => {
      expectEndpointError(() => endpoint("GET /x", { baseUrl }), "invalid_base_url");
      expectEndpointError(() => endpoint.defaults({ baseUrl }), "invalid_base_url");
      expectEndpointError(() => endpoint.merge({ baseUrl }), "invalid_base_url");
      expectEndpointError(
        () => endpoint.parse({ ...endpoint.DEFAULTS, url: "/x", baseUrl } as unknown as MergedOptions),
        "invalid_base_url",
      );
    });
  }

  it("property: a baseUrl with any character outside visible ASCII (or a backslash) is refused", () => {
    const stray = fc
      .integer({ min: 0, max: 0x2fff })
      .filter((code) => code <= 0x20 || code >= 0x7f || code === 0x5c)
      .map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), stray, fc.string({ maxLength: 10 }), (a, bad, b) => {
        const baseUrl = `https://h.example/${a}${bad}${b}`;
        expectEndpointError(() => endpoint("GET /x", { baseUrl }), "invalid_base_url");
      }),
    );
  });
});

describe("baseUrl: an http(s) URL whose path every client reads as written", () => {
  it.each([
    "https://h.example/a/..",
    "https://h.example/a/%2e%2e",
    "https://h.example/a/.",
    'https://h.example/a"<>',
    "https://h.example/{x}",
    "https://user:pw@h.example",
    "https://@h.example",
    "https://:@h.example/api",
    "https://h.example//v3",
    "javascript:alert(1)//",
    "ftp://h.example",
    "https:/h.example",
  ])("%j is invalid_base_url", (baseUrl) => {
    expectEndpointError(() => endpoint("GET /x", { baseUrl }), "invalid_base_url");
    expectEndpointError(() => endpoint.defaults({ baseUrl }), "invalid_base_url");
  });

  it.each([
    "https://h.example",
    "https://h.example/",
    "http://127.0.0.1:8080/api/v3",
    "HTTPS://H.EXAMPLE/a//b",
    "https://[::1]:8443/api",
    "https://ghe.example.com./api/v3",
    "/api/v3",
    "/a/b%20c/@x:y",
  ])("%j is allowed", (baseUrl) => {
    expect(() => endpoint("GET /x", { baseUrl })).not.toThrow();
  });

  // Hosts that the WHATWG parser (fetch) and others (curl, node:url.parse, Python's urlsplit)
  // read differently, forwarded as baseUrl or in a url: each is refused, so no client sees
  // another host than the application checked.
  it.each([
    ["https://evil%E3%80%82com", "a percent-escaped ideographic full stop, a dot to WHATWG only"],
    ["https://%65vil.com", "a percent-escaped letter"],
    ["https://0x7f.1", "IPv4 in hexadecimal shorthand"],
    ["https://2130706433", "IPv4 as one number"],
    ["https://0177.0.0.1", "IPv4 in octal"],
    ["https://1.2.3", "IPv4 of three parts"],
    ["https://ex.com;x", "a semicolon, where some parsers end the host"],
    ["https://[0:0:0:0:0:0:0:1]", "an IPv6 address not written as WHATWG writes it"],
    ["https://api.github.com@evil.example", "userinfo that reads like a host"],
    ["https://api.github.com:443@evil.example", "userinfo that reads like a host and port"],
    ["https://user:pw@api.github.com", "credentials in userinfo, which curl sends as basic auth"],
    ["https://[@evil.example", "a bracket in userinfo"],
  ])("a host written %j (%s) is refused as baseUrl and in a url", (origin) => {
    expectEndpointError(() => endpoint("GET /x", { baseUrl: origin }), "invalid_base_url");
    expectEndpointError(() => endpoint(`GET ${origin}/x`), "invalid_template");
    expectEndpointError(() => endpoint({ method: "GET", url: `${origin}/x` }), "invalid_template");
  });

  it.each(["/%zz", "/%", "/a|b", "/a^b", '/a"b'])(
    "a baseUrl path %j holds what a url's literal text cannot, and is refused as the url refuses it",
    (path) => {
      expectEndpointError(() => endpoint("GET /x", { baseUrl: `https://ex.com${path}` }), "invalid_base_url");
      expectEndpointError(() => endpoint(`GET https://ex.com${path}/x`), "invalid_template");
    },
  );
});

describe("an empty value never leaves an empty path segment (the next one would take its place)", () => {
  it.each<[string, Record<string, unknown>]>([
    ["GET /repos/{owner}/{repo}/issues", { owner: "", repo: "r" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: [], repo: "r" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: {}, repo: "r" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: [null], repo: "r" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "" }],
    ["GET /{org}/{repo}", { org: "", repo: "r" }],
    ["GET /repos/:owner/:repo", { owner: "", repo: "r" }],
    ["GET /a/{+path}/b", { path: "" }],
    ["GET /a/{x}{y}/b", { x: "", y: "" }],
    ["GET {org}/x", { org: "" }],
  ])("%s %j is invalid_parameter", (route, options) => {
    expectEndpointError(() => endpoint(route, options), "invalid_parameter", /empty path segment/);
    expectEndpointError(() => endpoint.parse(endpoint.merge(route, options)), "invalid_parameter");
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" }, "/repos/o/r/contents"],
    ["GET /a/{x}{y}/b", { x: "", y: "y" }, "/a/y/b"],
    ["GET /a/v{x}/b", { x: "" }, "/a/v/b"],
    ["GET /a/{x}", { x: "" }, "/a"],
  ])("%s %j is allowed: the last segment, or one with other text", (route, options, path) => {
    expect(endpoint(route, options).url).toBe(`https://api.github.com${path}`);
  });

  it("property: a whole segment expands to something, or the call is refused", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("/{a}/{b}/x", "/:a/:b/x", "/{a}/{+b}/x", "/p/{a}/{b}/x"),
        fc.oneof(
          fc.string({ maxLength: 3 }),
          fc.constant([]),
          fc.array(fc.constantFrom("", "q"), { maxLength: 2 }),
        ),
        fc.oneof(fc.string({ maxLength: 3 }), fc.constant([])),
        (template, a, b) => {
          const result = outcome(() => endpoint(`GET ${template}`, { a, b }));
          if (!("ok" in (result as object))) return;
          // Reserved expansion may add segments, empty ones too (SECURITY.md, limits).
          if (template.includes("{+") && String(b).includes("/")) return;
          const path = new URL((result as { ok: { url: string } }).ok.url).pathname;
          expect(path.split("/").slice(1, -1)).not.toContain("");
        },
      ),
    );
  });
});

describe("an empty {/x} value never leaves an empty segment before the last", () => {
  it.each([
    ["GET /repos/{owner}{/repo}/issues", { owner: "", repo: "r" }],
    ["GET /repos{/owner}/issues", { owner: "" }],
    ["GET /repos{/owner}{/repo}", { owner: "", repo: "r" }],
    ["GET /a{/list*}/b", { list: ["x", ""] }],
    ["GET {/x}/y", { x: "" }],
    ["GET /a/{/x}", { x: "b" }],
  ])("%s %j is invalid_parameter", (route, options) => {
    expectEndpointError(() => endpoint(route, options), "invalid_parameter", /empty path segment/);
  });

  it.each([
    ["GET /repos{/owner}", { owner: "" }, "/repos"],
    ["GET /repos{/owner}/issues", { owner: "o" }, "/repos/o/issues"],
    ["GET /a{/x}", {}, "/a"],
  ])("%s %j is allowed", (route, options, path) => {
    expect(endpoint(route, options).url).toBe(`https://api.github.com${path}`);
  });
});

describe("required parameters: every {var} and {+var}, wherever it stands in the url", () => {
  it.each([
    ["GET /search?q={q}", {}],
    ["GET /a#{+x}", {}],
    ["GET /a?x={x}&y={y}", { x: "1" }],
  ])("%s %j is missing_parameter", (route, options) => {
    expectEndpointError(() => endpoint(route, options), "missing_parameter");
  });

  it("an empty list or map as the last segment is allowed, as an empty string is", () => {
    for (const repo of ["", [], {}, [null]]) {
      expect(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo }).url).toBe(
        "https://api.github.com/repos/o",
      );
    }
  });
});

describe("values of {?…}, {&…} and {#…} never change the path", () => {
  it.each([
    "POST /repos/{owner}{?x}/{repo}/issues",
    "POST /repos/{owner}{&x}/{repo}/issues",
    "POST /repos/{owner}{#x}/{repo}/issues",
    "GET /a{?x}/../b",
    "GET /a{?x}{/y}",
    "GET /a{?x}{y}",
    "GET /a{?x}&b=1",
    "GET /a{#x}/b",
    "GET /a{?x}%2F",
    "GET /a{?x}é",
  ])("%s is invalid_template: what follows would join the path when x is left out", (route) => {
    expectEndpointError(() => endpoint(route, { owner: "o", repo: "", x: "1", y: "2" }), "invalid_template");
  });

  it.each([
    ["GET /a{?x}{&y}", { x: "1", y: "2" }, "https://api.github.com/a?x=1&y=2"],
    ["GET /a{?x}#/b", {}, "https://api.github.com/a#/b"],
    ["GET /a{?x}{#f}", { f: "/b" }, "https://api.github.com/a#/b"],
    ["GET /a?k=1{&x}", { x: "/b" }, "https://api.github.com/a?k=1&x=%2Fb"],
  ])("%s with %j is allowed", (route, options, url) => {
    expect(endpoint(route, options).url).toBe(url);
  });

  it("property: for routes of path, query and fragment pieces, the query values never change the path", () => {
    const piece = fc.constantFrom("/p", "/{a}", "{/b}", "/x.{c}", "{?q}", "{&r}", "{#f}", "#", "/", "?k=1");
    const value = fc.constantFrom(undefined, "", "v", "/", "..", "a/b");
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), value, value, value, (pieces, q, r, f) => {
        const route = `GET ${pieces.join("")}`;
        const fixed = { a: "a", b: "b", c: "c" };
        const without = outcome(() => endpoint(route, fixed));
        const withQuery = outcome(() => endpoint(route, { ...fixed, q, r, f }));
        if (!("ok" in (without as object)) || !("ok" in (withQuery as object))) return;
        const path = (result: unknown): string => new URL((result as { ok: RequestOptions }).ok.url).pathname;
        expect(path(withQuery)).toBe(path(without));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("a route is a method, plain spaces or tabs, and a url", () => {
  const STRAY = [
    "\u00a0",
    "\u2000",
    "\u2007",
    "\u200b",
    "\u2028",
    "\u2029",
    "\u3000",
    "\ufeff",
    "\u202e",
    "\n",
    "\r",
    "\v",
    "\f",
    "\0",
    "\u001b",
    "\u0085",
  ];
  it.each(STRAY)("%j around the method is invalid_route", (stray) => {
    for (const route of [`POST${stray}/repos/o/r`, `POST ${stray}/repos/o/r`, `POST${stray} /repos/o/r`]) {
      expectEndpointError(
        () => endpoint(route),
        "invalid_route",
        /U\+[0-9A-F]{4} at index \d+ is not allowed/,
      );
    }
  });

  it("property: a stray space or control character anywhere but the ends is invalid_route", () => {
    fc.assert(
      fc.property(fc.constantFrom(...STRAY), fc.nat(20), (stray, at) => {
        const route = "PATCH /repos/{owner}/x";
        const index = Math.min(at, route.length - 1) + 1;
        expectEndpointError(
          () => endpoint(route.slice(0, index) + stray + route.slice(index)),
          "invalid_route",
        );
      }),
    );
  });

  it("leading and trailing white space is still ignored", () => {
    expect(endpoint("\u00a0 GET /x \n").url).toBe("https://api.github.com/x");
  });
});

describe("a url given as an option is a template: white space in it is refused", () => {
  // What RFC 6570 refuses is invalid_template at its index (SPEC section 6); white space it
  // allows (a no-break space, U+2028) is a stray character, invalid_route as in a route.
  it.each<[string, { given: string; want: { code: "invalid_template"; index: number } | "invalid_route" }]>([
    ["a tab", { given: "/a\tb", want: { code: "invalid_template", index: 2 } }],
    ["a space", { given: "/a b", want: { code: "invalid_template", index: 2 } }],
    ["a leading space", { given: " /a", want: { code: "invalid_template", index: 0 } }],
    ["a trailing space", { given: "/a ", want: { code: "invalid_template", index: 2 } }],
    ["a control character", { given: "/a\u0007", want: { code: "invalid_template", index: 2 } }],
    ["a space in an expression", { given: "/x/{a b}", want: { code: "invalid_template", index: 5 } }],
    ["a tab in a query expression", { given: "/x{?a,\tb}", want: { code: "invalid_template", index: 6 } }],
    [
      "a no-break space in an expression",
      { given: "/x/{a\u00a0b}", want: { code: "invalid_template", index: 5 } },
    ],
    ["a no-break space", { given: "/a\u00a0b", want: "invalid_route" }],
    ["a line separator", { given: "/a\u2028", want: "invalid_route" }],
  ])("%s: %j", (_title, { given, want }) => {
    for (const call of [() => endpoint({ url: given }), () => endpoint.parse({ url: given })]) {
      if (want === "invalid_route") {
        expectEndpointError(call, "invalid_route");
      } else {
        expect(expectEndpointError(call, want.code).index).toBe(want.index);
      }
    }
  });

  it("the route string form of the same url is three words: invalid_route", () => {
    expectEndpointError(() => endpoint("GET /x/{a b}"), "invalid_route");
  });
});
