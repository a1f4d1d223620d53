// nextRequest and paginate: real GitHub Link headers as data, and a loopback server that pages.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextRequest, paginate } from "../../src/adapters/index.js";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { describeOperations } from "../../src/operations/describe-operations.js";

const FIRST = endpoint("GET /repos/{owner}/{repo}/issues", {
  owner: "octokit",
  repo: "rest.js",
  per_page: 2,
  headers: { authorization: "token t" },
});

describe("nextRequest", () => {
  // Link headers as GitHub sends them (shapes from api.github.com responses).
  it.each<[string, string | null | undefined, string | undefined]>([
    [
      "a middle page: prev, next, last, first",
      '<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", <https://api.github.com/repositories/1300192/issues?page=4>; rel="next", <https://api.github.com/repositories/1300192/issues?page=515>; rel="last", <https://api.github.com/repositories/1300192/issues?page=1>; rel="first"',
      "https://api.github.com/repositories/1300192/issues?page=4",
    ],
    [
      "the first page",
      '<https://api.github.com/repositories/1300192/issues?per_page=2&page=2>; rel="next", <https://api.github.com/repositories/1300192/issues?per_page=2&page=1030>; rel="last"',
      "https://api.github.com/repositories/1300192/issues?per_page=2&page=2",
    ],
    [
      "the last page",
      '<https://api.github.com/repositories/1300192/issues?page=514>; rel="prev", <https://api.github.com/repositories/1300192/issues?page=1>; rel="first"',
      undefined,
    ],
    [
      "cursor pagination (GitHub's audit log and others)",
      '<https://api.github.com/orgs/o/audit-log?after=MS42NjQyOTk2&before=>; rel="next"',
      "https://api.github.com/orgs/o/audit-log?after=MS42NjQyOTk2&before=",
    ],
    ["no header", null, undefined],
    ["undefined", undefined, undefined],
    ["an empty header", "", undefined],
    [
      "rel among others, unquoted and uppercase",
      "<https://api.github.com/x?page=3>; rel=NEXT",
      "https://api.github.com/x?page=3",
    ],
    [
      "rel as a list",
      '<https://api.github.com/x?page=3>; rel="last next"',
      "https://api.github.com/x?page=3",
    ],
    [
      "a quoted parameter holding a comma and a semicolon",
      '<https://api.github.com/a>; title="x, y; rel=next"; rel="prev", <https://api.github.com/b>; rel="next"',
      "https://api.github.com/b",
    ],
    [
      "a comma inside the target",
      '<https://api.github.com/x?ids=1,2>; rel="next"',
      "https://api.github.com/x?ids=1,2",
    ],
    [
      "a relative target",
      '</repositories/1/issues?page=2>; rel="next"',
      "https://api.github.com/repositories/1/issues?page=2",
    ],
    ["not an http(s) target", '<javascript:alert(1)>; rel="next"', undefined],
    ["a target that does not parse", '<https://[zz]/x>; rel="next"', undefined],
    ["no closing >", '<https://api.github.com/x; rel="next"', undefined],
    ["rel=nextpage is not next", '<https://api.github.com/x>; rel="nextpage"', undefined],
  ])("%s", (_name, link, url) => {
    expect(nextRequest(FIRST, link)?.url).toBe(url);
  });

  it("keeps the method, headers and request on the same origin", () => {
    const first = endpoint("GET /x", {
      headers: { authorization: "token t", "x-a": "1" },
      request: { timeout: 5 },
    });
    expect(nextRequest(first, '<https://api.github.com/x?page=2>; rel="next"')).toStrictEqual({
      method: "get",
      url: "https://api.github.com/x?page=2",
      headers: { ...first.headers },
      request: { timeout: 5 },
    });
  });

  it("a next link to another origin never carries the credentials there, in any header", () => {
    // Any header but those that say what is asked may carry a credential: an API key in
    // `x-a`, or one a described operation sends (`X-API-Key`, below).
    const first = endpoint("GET /x", {
      headers: { authorization: "token t", cookie: "a=b", "proxy-authorization": "p", "x-a": "1" },
    });
    for (const target of [
      "https://evil.example/x",
      "http://api.github.com/x",
      "https://api.github.com:8443/x",
      "//evil.example/x",
    ]) {
      const next = nextRequest(first, `<${target}>; rel="next"`) as RequestOptions;
      expect(Object.keys(next.headers).sort()).toStrictEqual(["accept", "user-agent"]);
    }
    const keys = endpoint.defaults({
      headers: { "x-github-api-version": "2022-11-28", "accept-language": "de" },
      operations: describeOperations({ "GET /x": { url: "/x", params: { "X-API-Key": "header simple" } } }),
    })("GET /x", { "X-API-Key": "secret" });
    expect(keys.headers["x-api-key"]).toBe("secret");
    const away = nextRequest(keys, '<https://evil.example/x?page=2>; rel="next"') as RequestOptions;
    expect(Object.keys(away.headers).sort()).toStrictEqual([
      "accept",
      "accept-language",
      "user-agent",
      "x-github-api-version",
    ]);
    // On the request's own origin, every header stays.
    const home = nextRequest(keys, '<https://api.github.com/x?page=2>; rel="next"') as RequestOptions;
    expect(home.headers).toStrictEqual(keys.headers);
  });

  it("property: for any header, undefined or a GET with credentials only on the request's origin", () => {
    const piece = fc.constantFrom(
      "<",
      ">",
      ";",
      ",",
      '"',
      "\\",
      " ",
      "rel",
      "=",
      "next",
      "https://api.github.com/p",
      "https://evil.example/p",
      "/rel",
      "?a=1",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const next = nextRequest(FIRST, pieces.join(""));
        if (next === undefined) return;
        expect(next.method).toBe("get");
        const sameOrigin = new URL(next.url).origin === "https://api.github.com";
        expect(Object.hasOwn(next.headers, "authorization")).toBe(sameOrigin);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("paginate against a loopback server", () => {
  const seen: { path: string; headers: IncomingHttpHeaders; server: string }[] = [];
  let server: Server;
  let other: Server;
  let origin = "";
  let otherOrigin = "";

  const pageServer = (name: string): Server =>
    createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://x");
      seen.push({ path: `${url.pathname}${url.search}`, headers: request.headers, server: name });
      const page = Number(url.searchParams.get("page") ?? "1");
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (url.pathname === "/items" && page < 3) {
        headers.link = `<${origin}/items?page=${page + 1}>; rel="next", <${origin}/items?page=3>; rel="last"`;
      }
      if (url.pathname === "/away") headers.link = `<${otherOrigin}/items?page=3>; rel="next"`;
      if (url.pathname === "/self") headers.link = `<${origin}/self>; rel="next"`;
      response.writeHead(200, headers).end(JSON.stringify({ page, server: name }));
    });

  beforeAll(async () => {
    server = pageServer("api");
    other = pageServer("other");
    for (const s of [server, other]) await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all([server, other].map((s) => new Promise((resolve) => s.close(resolve))));
  });

  const api = () => endpoint.defaults({ baseUrl: origin, headers: { authorization: "token t" } });

  it("yields every page and stops on the last one", async () => {
    const pages: unknown[] = [];
    for await (const response of paginate(api()("GET /items"))) pages.push(await response.json());
    expect(pages).toStrictEqual([
      { page: 1, server: "api" },
      { page: 2, server: "api" },
      { page: 3, server: "api" },
    ]);
    expect(seen.slice(-3).map((s) => s.headers.authorization)).toStrictEqual([
      "token t",
      "token t",
      "token t",
    ]);
  });

  it("a next page on another origin gets no credentials", async () => {
    const pages: unknown[] = [];
    for await (const response of paginate(api()("GET /away"))) pages.push(await response.json());
    expect(pages).toStrictEqual([
      { page: 1, server: "api" },
      { page: 3, server: "other" },
    ]);
    expect(seen.at(-1)?.server).toBe("other");
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("a page that links to itself is fetched once; a given fetch is used", async () => {
    const calls: string[] = [];
    const pages = paginate(api()("GET /self"), {
      fetch: (url, init) => {
        calls.push(url);
        return fetch(url, init);
      },
    });
    let count = 0;
    for await (const response of pages) {
      await response.arrayBuffer();
      count++;
    }
    expect(count).toBe(1);
    expect(calls).toStrictEqual([`${origin}/self`]);
  });
});
