import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { parseRoute } from "../../src/route/parse-route.js";
import { expectEndpointError } from "../helpers.js";

describe("parseRoute", () => {
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

  it.each(["OPTIONS /x", "TRACE /x", "CONNECT /x", "FOO /x", "GETT /x", "G\u0130T /x"])(
    "%j is unsupported_method, listing the supported ones",
    (route) => {
      expectEndpointError(
        () => parseRoute(route),
        "unsupported_method",
        /use one of GET, HEAD, POST, PUT, PATCH, DELETE/,
      );
    },
  );

  it("a newline between method and url is not a separator: the route is invalid_route", () => {
    expectEndpointError(() => parseRoute("GET\n/x"), "invalid_route", /U\+000A at index 3 is not allowed/);
    expectEndpointError(
      () => endpoint("GET\n/x"),
      "invalid_route",
      /separate the method and the url with a plain space/,
    );
  });
});
