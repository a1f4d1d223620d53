// Promise 6 (SECURITY.md): what a request carries stays with its origin, its body included.
// A next page on another origin gets no headers that may carry credentials, and a
// request with a body (a POST holding a `client_secret`) has no next page there at all.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextRequest } from "../../../src/adapters/index.js";
import type { RequestOptions } from "../../../src/index.js";

const first = (method: string, body?: unknown): RequestOptions =>
  ({
    method,
    url: "https://api.example.com/search?page=1",
    headers: { authorization: "token T", accept: "application/json", "content-type": "application/json" },
    ...(body === undefined ? {} : { body }),
  }) as RequestOptions;

describe("nextRequest: a body never goes to another origin", () => {
  it.each<[string, { given: [RequestOptions, string]; want: Partial<RequestOptions> | undefined }]>([
    [
      "a POST's body, linked to another host",
      {
        given: [first("POST", { client_secret: "S" }), '<https://evil.example/s?page=2>; rel="next"'],
        want: undefined,
      },
    ],
    [
      "a PUT's text body, linked to another port",
      {
        given: [first("PUT", "secret"), '<https://api.example.com:8443/s?page=2>; rel="next"'],
        want: undefined,
      },
    ],
    [
      "a PATCH's bytes, linked to http",
      {
        given: [first("PATCH", new Uint8Array([1])), '<http://api.example.com/s?page=2>; rel="next"'],
        want: undefined,
      },
    ],
    [
      "a DELETE's body, linked to a host without a scheme",
      { given: [first("DELETE", { id: 1 }), '<//evil.example/s?page=2>; rel="next"'], want: undefined },
    ],
    [
      "a POST's body on the same origin is kept",
      {
        given: [first("POST", { client_secret: "S" }), '<https://api.example.com/search?page=2>; rel="next"'],
        want: { method: "post", url: "https://api.example.com/search?page=2", body: { client_secret: "S" } },
      },
    ],
    [
      "a GET to another origin is followed without credentials",
      {
        given: [first("GET"), '<https://other.example/s?page=2>; rel="next"'],
        want: {
          method: "get",
          url: "https://other.example/s?page=2",
          headers: { accept: "application/json", "content-type": "application/json" },
        },
      },
    ],
  ])("%s", (_title, { given, want }) => {
    const next = nextRequest(...given);
    if (want === undefined) expect(next).toBeUndefined();
    else expect(next).toMatchObject(want);
  });

  it("a relative request with a body has no next page that names a host", () => {
    const relative = { ...first("POST", { a: 1 }), url: "/search?page=1" } as RequestOptions;
    expect(nextRequest(relative, '<https://h.example/search?page=2>; rel="next"')).toBeUndefined();
    expect(nextRequest(relative, '</search?page=2>; rel="next"')).toMatchObject({
      url: "/search?page=2",
      body: { a: 1 },
    });
  });

  it("property: any body, any link: the next page is on the origin, or carries no body and no credentials", () => {
    const origins = [
      "https://api.example.com",
      "https://evil.example",
      "http://api.example.com",
      "https://api.example.com:1",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "GET"),
        fc.oneof(fc.string(), fc.dictionary(fc.string(), fc.jsonValue())),
        fc.constantFrom(...origins),
        fc.webPath(),
        (method, body, origin, path) => {
          const request = first(method, method === "GET" ? undefined : body);
          const next = nextRequest(request, `<${origin}${path.replaceAll(">", "")}>; rel="next"`);
          if (next === undefined) return;
          if (new URL(next.url).origin === "https://api.example.com") {
            expect(next.body).toBe(request.body);
            return;
          }
          expect(next.body).toBeUndefined();
          expect(next.headers).not.toHaveProperty("authorization");
        },
      ),
      { numRuns: 300 },
    );
  });
});
