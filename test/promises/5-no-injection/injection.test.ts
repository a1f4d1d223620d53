// Promise 5 of SECURITY.md: no input adds a header or a line, moves the request to another
// host, adds a path segment through simple expansion, or steps out of the route's path with
// dot segments in any spelling.
import { describe, expect, it } from "vitest";
import { endpoint } from "../../../src/index.js";
import { expandTemplate } from "../../../src/template/uri-template.js";
import { expectEndpointError } from "../../helpers.js";

const BREAKS = ["a\r\nx-evil: 1", "a\nx-evil: 1", "a\rx-evil: 1", "a\0b", "a\r\n\r\nbody"];

describe("header injection is refused", () => {
  const cases: [string, (bad: string) => unknown][] = [
    ["a header value", (bad) => endpoint("GET /x", { headers: { "x-a": bad } })],
    ["a header name", (bad) => endpoint("GET /x", { headers: { [bad]: "v" } })],
    ["a pair of an iterable", (bad) => endpoint("GET /x", { headers: [["x-a", bad]] })],
    ["a default header", (bad) => endpoint.defaults({ headers: { "x-a": bad } })("GET /x")],
    ["the default user-agent", (bad) => endpoint.defaults({ headers: { "user-agent": bad } })("GET /x")],
    ["the accept header", (bad) => endpoint("GET /x", { headers: { accept: bad } })],
    ["mediaType.format", (bad) => endpoint("GET /x", { mediaType: { format: bad } })],
    ["mediaType.previews", (bad) => endpoint("GET /x", { mediaType: { previews: [bad] } })],
    ["a default preview", (bad) => endpoint.defaults({ mediaType: { previews: [bad] } })("GET /x")],
    ["a preview with a format", (bad) => endpoint("GET /x", { mediaType: { previews: ["p"], format: bad } })],
  ];
  for (const [where, call] of cases) {
    it.each(BREAKS)(`in ${where}: %j`, (bad) => {
      expectEndpointError(() => call(bad), "invalid_header");
    });
  }

  it("values HTTP clients refuse are refused up front, Latin-1 passes", () => {
    expectEndpointError(
      () => endpoint("GET /x", { headers: { "x-a": "\u0100" } }),
      "invalid_header",
      /U\+00FF/,
    );
    expectEndpointError(() => endpoint("GET /x", { headers: { "x-a": "a\u0007b" } }), "invalid_header");
    expectEndpointError(
      () => endpoint("GET /x", { mediaType: { previews: ["\u{1F600}"] } }),
      "invalid_header",
    );
    expect(endpoint("GET /x", { headers: { "x-a": "caf\u00e9\tok" } }).headers["x-a"]).toBe("caf\u00e9\tok");
  });
});

const BASE = "https://api.example.com/v3";

/** Where the request goes, as a client's URL parser sees it. */
function target(route: string, parameters: Record<string, unknown>): URL {
  return new URL(endpoint(route, { baseUrl: BASE, ...parameters }).url);
}

describe("no parameter moves the request to another host", () => {
  const HOSTILE = [
    "//evil.example/x",
    "https://evil.example/x",
    "@evil.example",
    "user:pw@evil.example",
    "\\\\evil.example\\x",
    "/\\evil.example",
    "%2F%2Fevil.example",
    "evil.example:443",
    "\t//evil.example",
    "..//evil.example",
  ];
  const ROUTES = [
    "GET {+x}",
    "GET {x}",
    "GET /{x}",
    "GET /r/{+x}",
    "GET /r{/x}",
    "GET {#x}",
    "GET /r/:x",
    "GET {/x*}",
  ];
  for (const route of ROUTES) {
    it.each(HOSTILE)(`${route} with %j`, (x) => {
      let url: URL;
      try {
        url = target(route, { x });
      } catch (error) {
        // Refusing is also safe; only a dot-segment refusal is expected here.
        expect((error as { code: string }).code).toBe("invalid_parameter");
        return;
      }
      expect(url.origin).toBe("https://api.example.com");
      expect(url.username + url.password).toBe("");
      expect(url.pathname.startsWith("/v3/")).toBe(true);
    });
  }
});

describe("simple expansion never adds a path segment", () => {
  it.each([
    ["a/b", "a%2Fb"],
    ["a%2Fb", "a%252Fb"],
    ["a\\b", "a%5Cb"],
    ["a?b#c", "a%3Fb%23c"],
    ["../..", "..%2F.."],
    ["%2e%2e", "%252e%252e"],
    ["a;b=c", "a%3Bb%3Dc"],
  ])("%j -> %s", (value, encoded) => {
    for (const route of ["GET /r/{x}/tail", "GET /r/:x/tail", "GET /r{/x}/tail"]) {
      const url = target(route, { x: value });
      expect(url.pathname).toBe(`/v3/r/${encoded}/tail`);
      expect(url.search + url.hash).toBe("");
    }
  });
});

describe("no dot segment made by a value, in any spelling", () => {
  const SPELLINGS = [".", "..", "%2e", "%2E", "%2e%2e", "%2E%2E", "%2e.", ".%2E", "%2E%2e"];
  const ROUTES = ["GET /r/{+x}/tail", "GET /r{/x}/tail", "GET /r/{x}/tail", "GET /r/{+x}", "GET /r{/x*}"];
  for (const route of ROUTES) {
    it.each(SPELLINGS)(`${route} with %j, alone and inside a path`, (dots) => {
      for (const x of [dots, `a/${dots}/b`, `${dots}/admin`, [dots, "b"]]) {
        let url: URL;
        try {
          url = target(route, { x });
        } catch (error) {
          expect((error as { code: string }).code).toBe("invalid_parameter");
          continue;
        }
        // Whatever got through is no dot segment to the URL parser: it removed nothing.
        const raw = endpoint(route, { baseUrl: BASE, x }).url.slice("https://api.example.com".length);
        expect(url.pathname).toBe(raw.split(/[?#]/)[0]);
        expect(url.pathname.startsWith("/v3/r")).toBe(true);
      }
    });
  }

  it("the label operator cannot make a '.' segment from an empty value", () => {
    expectEndpointError(() => endpoint("GET /r/{.x}", { x: "" }), "invalid_parameter");
    expectEndpointError(() => endpoint("GET /r/{.x}", { x: "." }), "invalid_parameter");
    expect(endpoint("GET /r/{.x}", { x: "json" }).url).toBe("https://api.github.com/r/.json");
  });

  it("a dot segment written in a route itself is refused: URL parsers resolve it away, curl does not", () => {
    expectEndpointError(() => endpoint("GET /r/../x/{y}", { y: "a" }), "invalid_template");
    expectEndpointError(() => endpoint("GET /r/./x", {}), "invalid_template");
    expectEndpointError(() => endpoint("GET /r/%2e%2E/x", {}), "invalid_template");
    // A value can no longer trade places with the route's own dot segment (it once pushed it
    // into the query with a reserved "?", keeping the count of dot segments equal).
    expectEndpointError(() => endpoint("GET /repos/{+path}/../x", { path: "a/..?" }), "invalid_template");
    // Only in routes: the RFC 6570 engine expands what the template says.
    expect(expandTemplate("/r/../x/{y}", { y: "a" })).toBe("/r/../x/a");
  });
});
