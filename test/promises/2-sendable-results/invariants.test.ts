// Promise 2 of SECURITY.md: every successful call gives request options that any client can
// send as they are. Each property runs over generated input and checks the output only.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EndpointError, type EndpointOptions, endpoint, type RequestOptions } from "../../../src/index.js";
import { options, url } from "../../arbitraries.js";

const METHODS = ["get", "head", "post", "put", "patch", "delete"];
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const BASE_URLS = [undefined, "https://ghe.example.com/api/v3/", "http://127.0.0.1:8080"];
const OPTION_KEYS = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]);

/** Text of every kind a user may pass, whole characters only (lone surrogates are an error). */
const text = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary-ascii" }),
  fc.constantFrom(".", "..", "%2e%2e", ".%2E", "a/b", "a?b#c", "//host", "@host", "\\..\\", "%", "+ &=;,"),
);

/** Runs `call`; a thrown EndpointError gives undefined, anything else fails the property. */
function tryCall(call: () => RequestOptions): RequestOptions | undefined {
  try {
    return call();
  } catch (error) {
    if (error instanceof EndpointError) return undefined;
    throw error;
  }
}

const isDotSegment = (segment: string): boolean => /^(?:\.|%2e){1,2}$/i.test(segment);

/** The path as written in the url: between the origin and the first `?` or `#`. */
function rawPath(requestUrl: string, origin: string): string {
  const rest = requestUrl.slice(origin.length);
  const end = rest.search(/[?#]/);
  return end === -1 ? rest : rest.slice(0, end);
}

describe("output invariants", () => {
  it("method, headers and url of every successful call are well formed", () => {
    let succeeded = 0;
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get", "Post"),
        url,
        options,
        fc.constantFrom(...BASE_URLS),
        (method, template, given, baseUrl) => {
          const request = tryCall(() => endpoint(`${method} ${template}`, { ...given, baseUrl }));
          if (request === undefined) return;
          succeeded++;
          expect(METHODS).toContain(request.method);
          for (const [name, value] of Object.entries(request.headers)) {
            expect(name).toMatch(TOKEN);
            expect(value).not.toMatch(/[\r\n\0]/);
          }
          // A WHATWG Headers object, as fetch builds, takes every header as it is.
          expect(() => new Headers(request.headers)).not.toThrow();

          const base = new URL(baseUrl ?? "https://api.github.com");
          const parsed = new URL(request.url);
          // No value changes the host, adds credentials or leaves the base path.
          expect(parsed.origin).toBe(base.origin);
          expect(parsed.username + parsed.password).toBe("");
          expect(parsed.pathname.startsWith(base.pathname.replace(/\/$/, ""))).toBe(true);
          // The parser changes nothing in the path: no dot segment was there to remove.
          const path = rawPath(request.url, base.origin);
          expect(parsed.pathname).toBe(path);
          expect(path.split("/").filter(isDotSegment)).toEqual([]);
        },
      ),
      { numRuns: 5000 },
    );
    expect(succeeded).toBeGreaterThan(1000);
  });

  it("each path parameter round-trips: decoding its segment gives the value back", () => {
    let succeeded = 0;
    fc.assert(
      fc.property(
        fc.constantFrom("/r/{a}/x/{b}", "/r{/a}/x{/b}", "/r/:a/x/:b", "/r/{a}/x{/b}{?q}"),
        fc.oneof(text, fc.integer()),
        fc.oneof(text, fc.integer()),
        (template, a, b) => {
          const request = tryCall(() => endpoint(`GET ${template}`, { a, b }));
          if (request === undefined) {
            // The refusals: a value that is itself a dot segment, and an empty a, which would
            // leave an empty segment before the last (the next segment would take its place),
            // whether a is a whole segment or a `{/a}`.
            expect([a, b].some((value) => value === "." || value === "..") || a === "").toBe(true);
            return;
          }
          succeeded++;
          const segments = new URL(request.url).pathname.split("/");
          expect(segments[2] === undefined ? "" : decodeURIComponent(segments[2])).toBe(String(a));
          expect(segments[3]).toBe("x");
          // An empty last segment leaves no trailing slash (see README), so it may be absent.
          expect(segments[4] === undefined ? "" : decodeURIComponent(segments[4])).toBe(String(b));
          expect(segments.length).toBeLessThanOrEqual(5);
        },
      ),
      { numRuns: 5000 },
    );
    expect(succeeded).toBeGreaterThan(4000);
  });

  it("query parameters round-trip through URLSearchParams", () => {
    const value = fc.oneof(text, fc.integer(), fc.array(text, { minLength: 1, maxLength: 3 }));
    const key = text.filter((name) => !OPTION_KEYS.has(name));
    fc.assert(
      fc.property(
        fc.dictionary(key, value, { maxKeys: 5 }),
        fc.constantFrom("/search", "/search?fixed=1"),
        (parameters, path) => {
          const request = endpoint(`GET ${path}`, parameters as EndpointOptions);
          const expected = Object.entries(parameters).map(([name, v]) => [
            name,
            Array.isArray(v) ? v.join(",") : String(v),
          ]);
          const fixed = path.includes("?") ? [["fixed", "1"]] : [];
          expect([...new URL(request.url).searchParams]).toEqual([...fixed, ...expected]);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("header names and values of any text are sent as given or refused", () => {
    fc.assert(
      fc.property(
        fc.dictionary(text, text, { maxKeys: 4 }),
        fc.array(text, { maxLength: 2 }),
        fc.option(text),
        (headers, previews, format) => {
          const mediaType = format === null ? { previews } : { previews, format };
          const request = tryCall(() => endpoint("GET /x", { headers, mediaType }));
          if (request === undefined) return;
          for (const [name, value] of Object.entries(request.headers)) {
            expect(name).toMatch(TOKEN);
            expect(value).not.toMatch(/[\r\n\0]/);
          }
          expect(() => new Headers(request.headers)).not.toThrow();
          // Nothing given is lost: each header arrives under its lowercase name with its value.
          for (const [name, value] of Object.entries(headers)) {
            if (name.toLowerCase() !== "accept") expect(request.headers[name.toLowerCase()]).toBeDefined();
            if (name.toLowerCase() !== "accept" && value !== "")
              expect(Object.values(request.headers)).toContain(value);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});
