import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { checkStray, parseRoute } from "../../src/route/parse-route.js";
import { expectEndpointError } from "../helpers.js";

describe("parseRoute", () => {
  it("refuses every white-space, control and format character but the separators, wherever the text turns non-ASCII", () => {
    // The classes as one Unicode pattern each, which the parser builds only for text past ASCII.
    const inRoute = /[^\S \t]|[^\P{Cc}\t]|\p{Cf}/u;
    const inUrl = /[\s\p{Cc}\p{Cf}]/u;
    const refuses = (run: () => unknown): boolean => {
      try {
        run();
        return false;
      } catch {
        return true;
      }
    };
    const wrong: string[] = [];
    let refused = 0;
    for (let code = 0; code <= 0x10ffff; code++) {
      const char = String.fromCodePoint(code);
      const url = code % 2 === 0 ? `/a${char}b` : `/\u00e9${char}b`;
      const at = `U+${code.toString(16)}`;
      // A space or tab in the url makes a third word.
      if (refuses(() => parseRoute(`GET ${url}`)) !== (inRoute.test(char) || char === " " || char === "\t")) {
        wrong.push(`${at} in a route`);
      }
      if (refuses(() => checkStray(url, url, true)) !== inUrl.test(char)) wrong.push(`${at} in a url`);
      if (inUrl.test(char)) refused++;
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(60);
  });

  it.each([
    ["GET /user", { method: "GET", url: "/user" }],
    ["get /user", { method: "get", url: "/user" }],
    ["Delete /repos/{owner}/{repo}", { method: "Delete", url: "/repos/{owner}/{repo}" }],
    ["POST    /markdown", { method: "POST", url: "/markdown" }],
    ["PATCH\t/user", { method: "PATCH", url: "/user" }],
    ["  PUT \t /x  ", { method: "PUT", url: "/x" }],
    ["\n HEAD /x \n", { method: "HEAD", url: "/x" }],
    ["/user", { method: "GET", url: "/user" }],
    ["  /user  ", { method: "GET", url: "/user" }],
    ["https://uploads.github.com/x{?name}", { method: "GET", url: "https://uploads.github.com/x{?name}" }],
    ["users", { method: "GET", url: "users" }],
  ])("%j -> %j", (route, expected) => {
    expect(parseRoute(route)).toEqual(expected);
  });

  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["GET /a /b", /two words/],
    ["GET /a b c", /got 4 words/],
    ["GET", /url is missing; write "GET \/path"/],
    ["post", /url is missing; write "POST \/path"/],
    ["OPTIONS", /url is missing/],
  ])("%j is invalid_route", (route, message) => {
    expectEndpointError(() => parseRoute(route), "invalid_route", message);
  });

  it.each([
    "TRACE /x",
    "CONNECT /x",
    "FOO /x",
    "GETT /x",
    "G\u0130T /x",
    // Letters that uppercase to ASCII ones: a dotless i, a long s.
    "OPT\u0131ONS /x",
    "PO\u017FT /x",
  ])("%j is unsupported_method, listing the supported ones", (route) => {
    expectEndpointError(
      () => parseRoute(route),
      "unsupported_method",
      /use one of GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE\./,
    );
  });

  it("a newline between method and url is not a separator: the route is invalid_route", () => {
    expectEndpointError(() => parseRoute("GET\n/x"), "invalid_route", /U\+000A at index 3 is not allowed/);
    expectEndpointError(
      () => endpoint("GET\n/x"),
      "invalid_route",
      /separate the method and the url with a plain space/,
    );
  });
});
