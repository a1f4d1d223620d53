// The runtime smoke suite: one table of cases, plus the RFC 6570 conformance data, run against
// whatever implementation is passed in. Plain JavaScript with no imports, so the same file runs
// in Node, Bun, Deno and a browser page, and in Vitest against the sources.

/**
 * @param {{ endpoint: Function, EndpointError: Function, toCurl: Function, toFetchArgs: Function, nextRequest: Function, enterpriseServer: Function, describeOperations: Function, VERSION: string }} lib
 * @param {{ parseTemplate: Function }} uriTemplate
 * @param {Record<string, Record<string, { variables: object, testcases: [string, unknown][] }>>} conformance
 * @param {string} version the version package.json names
 * @returns {{ passed: number, failed: string[] }}
 */
export function runSmoke(lib, uriTemplate, conformance, version) {
  const { endpoint, EndpointError, toCurl, toFetchArgs } = lib;
  const userAgent = `rest-endpoint/${version}`;
  const github = { accept: "application/vnd.github.v3+json", "user-agent": userAgent };
  const errorCode = (run) => {
    try {
      run();
      return "no error";
    } catch (error) {
      return error instanceof EndpointError ? error.code : `not an EndpointError: ${error}`;
    }
  };

  /** [name, actual (computed lazily), expected] */
  const cases = [
    ["VERSION", () => lib.VERSION, version],
    [
      "GET with query",
      () => endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" }),
      { method: "get", url: "https://api.github.com/repos/o/r/issues?state=open", headers: github },
    ],
    [
      "POST with a JSON body",
      () =>
        endpoint("POST /repos/{owner}/{repo}/issues", {
          owner: "o",
          repo: "r",
          title: "Hi",
          labels: ["bug"],
        }),
      {
        method: "post",
        url: "https://api.github.com/repos/o/r/issues",
        headers: { ...github, "content-type": "application/json; charset=utf-8" },
        body: { title: "Hi", labels: ["bug"] },
      },
    ],
    [
      "encoding: unicode, spaces, slashes",
      () =>
        endpoint("GET /repos/{owner}/{repo}/contents/{+path}", {
          owner: "ö",
          repo: "a b",
          path: "dir/f é.md",
        }).url,
      "https://api.github.com/repos/%C3%B6/a%20b/contents/dir/f%20%C3%A9.md",
    ],
    ["a bare path is GET", () => endpoint("/rate_limit").method, "get"],
    ["the :name form", () => endpoint("GET /orgs/:org", { org: "x" }).url, "https://api.github.com/orgs/x"],
    [
      "defaults cascade",
      () => {
        const api = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", owner: "o" });
        return api.defaults({ headers: { authorization: "token t" } })("GET /repos/{owner}/{repo}", {
          repo: "r",
        });
      },
      {
        method: "get",
        url: "https://ghe.example.com/api/v3/repos/o/r",
        headers: { ...github, authorization: "token t" },
      },
    ],
    [
      "mediaType format and previews",
      () => [
        endpoint("GET /x", { mediaType: { format: "raw" } }).headers.accept,
        endpoint("GET /x", { mediaType: { previews: ["squirrel-girl"] } }).headers.accept,
      ],
      ["application/vnd.github.v3.raw", "application/vnd.github.squirrel-girl-preview+json"],
    ],
    [
      "merge then parse equals a call",
      () => endpoint.parse(endpoint.merge("GET /search/code", { q: "a+b" })).url,
      "https://api.github.com/search/code?q=a%2Bb",
    ],
    ["DEFAULTS are frozen", () => Object.isFrozen(endpoint.DEFAULTS.headers), true],
    ["missing parameter", () => errorCode(() => endpoint("GET /repos/{owner}")), "missing_parameter"],
    ["unknown method", () => errorCode(() => endpoint("FETCH /x")), "unsupported_method"],
    [
      "header injection",
      () => errorCode(() => endpoint("GET /x", { headers: { a: "1\r\nb: 2" } })),
      "invalid_header",
    ],
    ["dot segments", () => errorCode(() => endpoint("GET /r/{+p}", { p: "../admin" })), "invalid_parameter"],
    ["broken template", () => errorCode(() => endpoint("GET /r/{a")), "invalid_template"],
    [
      "prototype keys are data",
      () => [endpoint("GET /x", JSON.parse('{"__proto__": "p"}')).url, "polluted" in {}],
      ["https://api.github.com/x?__proto__=p", false],
    ],
    [
      "Headers instance as headers",
      () => endpoint("GET /x", { headers: new Headers({ "X-A": "1" }) }).headers["x-a"],
      "1",
    ],
    [
      "toFetchArgs",
      () => {
        const [url, init] = toFetchArgs(endpoint("PATCH /x/{id}", { id: 1, name: "n" }));
        return [url, init.method, init.body];
      },
      ["https://api.github.com/x/1", "PATCH", '{"name":"n"}'],
    ],
    [
      "the runtime's Request takes toFetchArgs' init (every field it takes at its default), with and without a body",
      () =>
        [endpoint("GET /x"), endpoint("POST /x", { data: new Uint8Array([104, 105]) })].map((options) => {
          const [url, init] = toFetchArgs(options);
          const request = new Request(url, init);
          const cache = init.cache === undefined ? "left out" : request.cache;
          return [request.method, request.url, request.redirect, cache, request.body === null];
        }),
      [
        ["GET", "https://api.github.com/x", "follow", cacheExpected(), true],
        ["POST", "https://api.github.com/x", "follow", cacheExpected(), false],
      ],
    ],
    [
      "enterpriseServer and nextRequest",
      () => {
        const server = lib.enterpriseServer("ghe.example.com");
        const first = endpoint.defaults(server)("GET /x", { headers: { authorization: "token t" } });
        const next = lib.nextRequest(first, '<https://ghe.example.com/api/v3/x?page=2>; rel="next"');
        const away = lib.nextRequest(first, '<https://elsewhere.example/x>; rel="next"');
        return [server.uploadsUrl, next.url, next.headers.authorization, away.headers.authorization];
      },
      [
        "https://ghe.example.com/api/uploads",
        "https://ghe.example.com/api/v3/x?page=2",
        "token t",
        undefined,
      ],
    ],
    [
      "a form as data: no JSON content-type",
      () => endpoint("POST /x", { data: new FormData() }).headers["content-type"],
      undefined,
    ],
    [
      "described operations: label path, exploded query, deep object, header, cookie",
      () => {
        const operations = lib.describeOperations({
          "GET /pets/{id}": {
            url: "/pets/{.id*}{?tags*}",
            params: { filter: "query deepObject*", "X-Trace": "header simple", s: "cookie form" },
          },
        });
        const options = endpoint.defaults({ operations })("GET /pets/{id}", {
          id: ["a", "b"],
          tags: ["x", "y"],
          filter: { k: "v" },
          "X-Trace": [1, 2],
          s: "z",
        });
        return [options.url, options.headers["x-trace"], options.headers.cookie];
      },
      ["https://api.github.com/pets/.a.b?tags=x&tags=y&filter%5Bk%5D=v", "1,2", "s=z"],
    ],
    [
      "toCurl",
      () => toCurl(endpoint("GET /x", { headers: { "user-agent": null, accept: null } })),
      "curl -q -sS --globoff --path-as-is -X GET 'https://api.github.com/x' -H 'accept:' -H 'user-agent:'",
    ],
  ];

  let passed = 0;
  const failed = [];
  for (const [name, actual, expected] of cases) {
    let value;
    try {
      value = actual();
    } catch (error) {
      value = `threw ${error}`;
    }
    if (sameData(value, expected)) passed++;
    else failed.push(`${name}: got ${JSON.stringify(value)}, want ${JSON.stringify(expected)}`);
  }

  for (const [file, groups] of Object.entries(conformance)) {
    for (const [group, { variables, testcases }] of Object.entries(groups)) {
      for (const [template, expected] of testcases) {
        let value;
        try {
          value = uriTemplate.parseTemplate(template).expand(variables);
        } catch (error) {
          value = error instanceof EndpointError ? false : `threw ${error}`;
        }
        const ok = expected === false ? value === false : [expected].flat().includes(value);
        if (ok) passed++;
        else failed.push(`${file} ${group} ${template}: got ${JSON.stringify(value)}`);
      }
    }
  }
  return { passed, failed };
}

/** Cloudflare Workers refuse any `cache` field, so toFetchArgs leaves it out only there. */
function cacheExpected() {
  try {
    new Request("http://localhost/", { cache: "default" });
    return "default";
  } catch {
    return "left out";
  }
}

/** Deep equality of JSON-like data, with own keys in any order. */
function sameData(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]));
}
