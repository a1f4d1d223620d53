// Every error code, with the whole message a user sees (in the production run, the short message
// of the production build).
import { describe, expect, it } from "vitest";
import { EndpointError, type EndpointErrorCode, endpoint } from "../src/index.js";
import { parseTemplate } from "../src/template/uri-template.js";
import { expectMessage, productionMessage } from "./helpers.js";

describe("EndpointError", () => {
  it.each<[string, () => unknown, string, string?]>([
    ["invalid_route", () => endpoint("GET"), 'Invalid route "GET": the url is missing; write "GET /path".'],
    ["invalid_route", () => endpoint(""), 'The route is empty: write "METHOD /path", e.g. "GET /user".'],
    [
      "invalid_route",
      () => endpoint({}),
      'No url to request: give a route such as "GET /user" or a url option.',
      "url",
    ],
    [
      "unsupported_method",
      () => endpoint("TRACE /x"),
      'Unsupported method "TRACE" in route "TRACE /x": use one of GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE.',
    ],
    [
      "invalid_template",
      // @ts-expect-error: the types read "owner/{repo" as a required parameter
      () => endpoint("GET /repos/{owner/{repo}"),
      'Invalid URI template "/repos/{owner/{repo}" at index 13: unexpected "/" in an expression; separate variables with "," and close with "}".',
    ],
    [
      "invalid_template",
      () => parseTemplate("{var:0}"),
      'Invalid URI template "{var:0}" at index 5: invalid prefix length 0; write a number from 1 to 9999 after ":".',
    ],
    [
      "missing_parameter",
      // @ts-expect-error: the types catch this one at compile time too
      () => endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" }),
      'Missing parameter "repo" for route "GET /repos/{owner}/{repo}": pass it in the options, e.g. { "repo": "..." }.',
      "repo",
    ],
    [
      "invalid_parameter",
      () => endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: ".." }),
      'A parameter of route "GET /repos/{owner}/{repo}" makes a "." or ".." path segment in "/repos/o/..": a parameter must not move the request to another path.',
    ],
    [
      "invalid_parameter",
      () => endpoint("GET /search", { filter: { a: 1 } }),
      'Parameter "filter" is an object, which has no single query form: put "{?filter*}" in the route to send its keys as query parameters, or send it in a request body.',
      "filter",
    ],
    [
      "invalid_header",
      () => endpoint("GET /x", { headers: { "x-a": "1\r\nx-b: 2" } }),
      'Header "x-a" has a value with CR, LF or NUL, which could inject another header; remove those characters.',
      "x-a",
    ],
    [
      "invalid_base_url",
      () => endpoint("GET /x", { baseUrl: "api.example.com" }),
      'Invalid baseUrl "api.example.com": it is neither an absolute URL with an http: or https: scheme and a host nor a path starting with /; use an absolute URL such as "https://github.example.com/api/v3", an absolute path such as "/api/v3", or "" for relative urls.',
      "baseUrl",
    ],
    [
      "invalid_options",
      () => endpoint("GET /x", "a" as never),
      'Options must be a plain object such as { owner: "octokit" }, got "a".',
    ],
  ])("%s", (code, fn, message, subject) => {
    let error: unknown;
    try {
      fn();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EndpointError);
    expect(error).toBeInstanceOf(Error);
    // The production build's message is the code, the name at fault and a pointer to the docs.
    const index = (error as EndpointError).index;
    expect(error).toMatchObject({
      name: "EndpointError",
      code,
      message: __DEV__ ? message : productionMessage(code as EndpointErrorCode, index, subject),
    });
  });

  it("template errors carry the index; others do not", () => {
    let error: EndpointError | undefined;
    try {
      parseTemplate("/a/b}");
    } catch (caught) {
      error = caught as EndpointError;
    }
    expect(error?.index).toBe(4);
    try {
      endpoint("GET");
    } catch (caught) {
      error = caught as EndpointError;
    }
    expect(error?.index).toBeUndefined();
  });

  it("keeps messages one readable line for huge input", () => {
    let error: EndpointError | undefined;
    try {
      endpoint(`GET /${"x".repeat(100_000)}{`);
    } catch (caught) {
      error = caught as EndpointError;
    }
    expect(error?.code).toBe("invalid_template");
    expect(error?.message.length).toBeLessThan(300);
    expectMessage(error as EndpointError, `…"${"x".repeat(40)}{" at index 100001`);
  });
});
