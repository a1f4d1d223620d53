// What an EndpointError names as at fault (`parameter`, `header`, `option`, `route`, `index`),
// for every code, over real calls: the same fields in the development run and in the production
// run, whose messages are short (docs/errors.md, "What the fields say").
import { describe, expect, it } from "vitest";
import { sender, toCurl, toFetchArgs } from "../src/adapters/index.js";
import { toHttpMessage } from "../src/adapters/to-http-message.js";
import { EndpointError, type EndpointErrorCode, endpoint, enterpriseServer } from "../src/index.js";
import { describeOperations } from "../src/operations/describe-operations.js";
import { parseTemplate } from "../src/template/uri-template.js";
import { productionMessage, thrownBy } from "./helpers.js";

/** The fields an error carries, those that are set only, beside its code. */
interface Fields {
  code: EndpointErrorCode;
  parameter?: string;
  header?: string;
  option?: string;
  route?: string;
  index?: number;
}

function fieldsOf(error: unknown): Fields {
  expect(error).toBeInstanceOf(EndpointError);
  const { code, parameter, header, option, route, index } = error as EndpointError;
  const fields: Fields = { code };
  for (const [key, value] of Object.entries({ parameter, header, option, route, index })) {
    if (value !== undefined) Object.assign(fields, { [key]: value });
  }
  return fields;
}

const request = { method: "get" as const, url: "https://api.github.com/x", headers: {} };

describe("the fields of each code name what was at fault", () => {
  it.each<[string, { given: () => unknown; want: Fields }]>([
    [
      "a route without a url",
      { given: () => endpoint("GET"), want: { code: "invalid_route", route: "GET" } },
    ],
    ["options without a url", { given: () => endpoint({}), want: { code: "invalid_route", option: "url" } }],
    [
      "a route a table does not describe",
      {
        given: () =>
          endpoint.defaults({ operations: describeOperations({ "GET /a": "/a" }) })("GET /nope" as never),
        want: { code: "invalid_route", route: "GET /nope" },
      },
    ],
    [
      "a method in a route",
      { given: () => endpoint("TRACE /x"), want: { code: "unsupported_method", route: "TRACE /x" } },
    ],
    [
      "a method option",
      {
        given: () => endpoint({ method: "TRACE", url: "/x" }),
        want: { code: "unsupported_method", option: "method" },
      },
    ],
    [
      "a method in request options given to an adapter",
      {
        given: () => toCurl({ ...request, method: "TRACE" } as never),
        want: { code: "unsupported_method", option: "method" },
      },
    ],
    [
      "a template in a route",
      // @ts-expect-error: the types read "owner/{repo" as a required parameter
      { given: () => endpoint("GET /repos/{owner/{repo}"), want: { code: "invalid_template", index: 13 } },
    ],
    [
      "a template alone",
      { given: () => parseTemplate("{var:0}"), want: { code: "invalid_template", index: 5 } },
    ],
    [
      "a path parameter left out",
      {
        // @ts-expect-error: the types catch this one at compile time too
        given: () => endpoint("get /repos/{owner}/{repo}", { owner: "octokit" }),
        want: { code: "missing_parameter", parameter: "repo", route: "GET /repos/{owner}/{repo}" },
      },
    ],
    [
      "a path parameter given as null, in a url option",
      {
        given: () => endpoint({ method: "DELETE", url: "/gists/{gist_id}", gist_id: null }),
        want: { code: "missing_parameter", parameter: "gist_id", route: "DELETE /gists/{gist_id}" },
      },
    ],
    [
      "values that make a dot segment",
      {
        given: () => endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: ".." }),
        want: { code: "invalid_parameter", route: "GET /repos/{owner}/{repo}" },
      },
    ],
    [
      "an empty path segment",
      {
        given: () => endpoint("GET /orgs/{org}/repos", { org: "" }),
        want: { code: "invalid_parameter", route: "GET /orgs/{org}/repos" },
      },
    ],
    [
      "an object as a leftover query parameter",
      {
        given: () => endpoint("GET /search", { filter: { a: 1 } }),
        want: { code: "invalid_parameter", parameter: "filter" },
      },
    ],
    [
      "a value a url cannot carry",
      {
        given: () => endpoint("GET /x/{id}", { id: Symbol("s") as never }),
        want: { code: "invalid_parameter", parameter: "id" },
      },
    ],
    [
      "a parameter left over beside data",
      {
        given: () => endpoint("POST /x", { data: "body", note: "lost" }),
        want: { code: "invalid_parameter", parameter: "note", option: "data", route: "POST /x" },
      },
    ],
    [
      "data on a GET",
      {
        given: () => endpoint("GET /x", { data: "body" }),
        want: { code: "invalid_parameter", option: "data", route: "GET /x" },
      },
    ],
    [
      "a body field JSON cannot carry",
      {
        given: () => endpoint("POST /x", { n: { deep: [Number.NaN] } }),
        want: { code: "invalid_parameter", parameter: "n" },
      },
    ],
    [
      "data JSON cannot carry",
      {
        given: () => endpoint("POST /x", { data: { f: () => 1 } }),
        want: { code: "invalid_parameter", option: "data" },
      },
    ],
    [
      "a request body an adapter cannot write",
      {
        given: () => toFetchArgs({ ...request, method: "post", body: { n: Number.POSITIVE_INFINITY } }),
        want: { code: "invalid_parameter", option: "body" },
      },
    ],
    [
      "a header value with a line break",
      {
        given: () => endpoint("GET /x", { headers: { "x-a": "1\r\nx-b: 2" } }),
        want: { code: "invalid_header", header: "x-a" },
      },
    ],
    [
      "a header name that is no token",
      {
        given: () => endpoint("GET /x", { headers: { "a b": "1" } }),
        want: { code: "invalid_header", header: "a b" },
      },
    ],
    [
      "headers that are not pairs",
      {
        given: () => endpoint("GET /x", { headers: [["a"]] as never }),
        want: { code: "invalid_header", option: "headers" },
      },
    ],
    [
      "previews that make too long an accept header",
      {
        given: () =>
          endpoint("GET /x", {
            mediaType: { previews: Array.from({ length: 5000 }, (_, i) => `preview-${i}-long-name`) },
          }),
        want: { code: "invalid_header", header: "accept", option: "mediaType" },
      },
    ],
    [
      "a framing header given to toHttpMessage",
      {
        given: () => toHttpMessage({ ...request, headers: { host: "evil.example" } }),
        want: { code: "invalid_header", header: "host" },
      },
    ],
    [
      "a baseUrl without a scheme",
      {
        given: () => endpoint("GET /x", { baseUrl: "api.example.com" }),
        want: { code: "invalid_base_url", option: "baseUrl" },
      },
    ],
    [
      "a GitHub Enterprise host with a path (an argument, not an option)",
      { given: () => enterpriseServer("ghe.example.com/api"), want: { code: "invalid_base_url" } },
    ],
    [
      "options that are not an object",
      { given: () => endpoint("GET /x", "a" as never), want: { code: "invalid_options" } },
    ],
    [
      "a url option that is not a string",
      {
        given: () => endpoint({ method: "GET", url: 1 } as never),
        want: { code: "invalid_options", option: "url" },
      },
    ],
    [
      "a mediaType format that is not a string",
      {
        given: () => endpoint("GET /x", { mediaType: { format: 1 } as never }),
        want: { code: "invalid_options", option: "mediaType.format" },
      },
    ],
    [
      "a request option that is not an object",
      {
        given: () => endpoint("GET /x", { request: 1 as never }),
        want: { code: "invalid_options", option: "request" },
      },
    ],
    [
      "a parameter both beside $params and in it",
      {
        given: () => endpoint({ method: "GET", url: "/x", a: "1", $params: { a: "2" } } as never),
        want: { code: "invalid_options", parameter: "a", option: "$params" },
      },
    ],
    [
      "request options without a method, given to an adapter",
      {
        given: () => toFetchArgs({ url: "/x", headers: {} } as never),
        want: { code: "invalid_options", option: "method" },
      },
    ],
    [
      "a sender's fetch that is not a function",
      { given: () => sender({ fetch: 1 as never }), want: { code: "invalid_options", option: "fetch" } },
    ],
  ])("%s", (_title, { given, want }) => {
    const error = thrownBy(given);
    expect(fieldsOf(error)).toStrictEqual(want);
    // The production message names the parameter, header or option at fault, and the index.
    if (!__DEV__) {
      const named = want.parameter ?? want.header ?? want.option;
      if (want.code !== "invalid_route" || want.option !== undefined) {
        expect((error as Error).message).toBe(productionMessage(want.code, want.index, named));
      }
    }
  });

  it.each<[string, { given: () => Promise<unknown>; want: Fields }]>([
    [
      "a request that fetch refuses (request_failed names no parameter, header or option)",
      {
        given: () =>
          sender({
            fetch: async () => {
              throw new TypeError("fetch failed");
            },
          })(endpoint("GET https://api.example.com/x")),
        want: { code: "request_failed" },
      },
    ],
    [
      "a response whose JSON does not parse (invalid_response)",
      {
        given: () =>
          sender({
            fetch: async () => new Response("{", { headers: { "content-type": "application/json" } }),
          })(endpoint("GET https://api.example.com/x")),
        want: { code: "invalid_response" },
      },
    ],
    [
      "a status that is no success (response_status)",
      {
        given: () =>
          sender({ throwOnStatus: true, fetch: async () => new Response("", { status: 404 }) })(
            endpoint("GET https://api.example.com/x"),
          ),
        want: { code: "response_status" },
      },
    ],
  ])("%s", async (_title, { given, want }) => {
    const error = await given().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(fieldsOf(error)).toStrictEqual(want);
  });

  it("the fields are own data properties, undefined when nothing of their kind is at fault", () => {
    const error = thrownBy(() => endpoint("POST /x", { data: "body", note: "lost" })) as EndpointError;
    for (const key of ["parameter", "option", "route"]) {
      expect(Object.getOwnPropertyDescriptor(error, key)).toMatchObject({ writable: true, enumerable: true });
    }
    expect(error.header).toBeUndefined();
    const bare = thrownBy(() => endpoint("GET /x", "a" as never)) as EndpointError;
    expect([bare.parameter, bare.header, bare.option, bare.route, bare.index]).toStrictEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("an EndpointError made by hand with a message only keeps it, and has no fields", () => {
    const error = new EndpointError("invalid_options", "mine");
    expect(fieldsOf(error)).toStrictEqual({ code: "invalid_options" });
    expect(error.message).toBe(__DEV__ ? "mine" : productionMessage("invalid_options", undefined, "mine"));
  });
});
