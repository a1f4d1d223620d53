// fast-check arbitraries shared by the property, fuzz and invariant suites.
import fc from "fast-check";
import type { EndpointOptions } from "../src/index.js";

/** Names that GitHub routes use, plus names every object inherits. */
export const name: fc.Arbitrary<string> = fc.constantFrom(
  "owner",
  "repo",
  "path",
  "id",
  "q",
  "per_page",
  "enterprise-team",
  "__proto__",
  "constructor",
);

const literal = fc.oneof(
  {
    arbitrary: fc.constantFrom("/repos", "/x", "/", "...", "?a=1", "#f", ":", "/:id", "%20", "é"),
    weight: 10,
  },
  { arbitrary: fc.constantFrom(" ", "{", "}", "%"), weight: 1 },
);

export const OPERATORS: readonly string[] = ["", "+", "#", ".", "/", ";", "?", "&"];

const expressionOf = (operators: readonly string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom(...operators),
      fc.array(fc.tuple(name, fc.constantFrom("", "*", ":3")), { minLength: 1, maxLength: 3 }),
    )
    .map(([op, vars]) => `{${op}${vars.map(([n, m]) => n + m).join(",")}}`);
const expression = expressionOf([...OPERATORS, "!"]);

/**
 * URL templates of GitHub's shape, with every operator and a few broken pieces: mostly a path
 * followed by query and fragment expressions (a route must end so: see SECURITY.md), and
 * sometimes any mix, with the broken operator "!".
 */
export const url: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        fc.array(fc.oneof(literal, expressionOf(["", "+", ".", "/", ";"])), { minLength: 1, maxLength: 5 }),
        fc.array(expressionOf(["?", "&", "#"]), { maxLength: 2 }),
      )
      .map(([path, tail]) => path.join("") + tail.join("")),
    weight: 5,
  },
  {
    arbitrary: fc
      .array(fc.oneof(literal, expression), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join("")),
    weight: 1,
  },
);

const method = fc.constantFrom("GET", "get", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "");

export const route: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.tuple(method, url).map(([m, u]) => (m === "" ? u : `${m} ${u}`)), weight: 5 },
  { arbitrary: fc.string(), weight: 1 },
);

export const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
);

export const value: fc.Arbitrary<unknown> = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 3 }),
);

/** Well-formed options, with a few invalid values mixed in. */
export const options: fc.Arbitrary<EndpointOptions> = fc
  .record(
    {
      params: fc.dictionary(name, value, { maxKeys: 4 }),
      headers: fc.dictionary(
        fc.oneof(
          { arbitrary: fc.constantFrom("accept", "Accept", "x-a", "content-type", "X-B"), weight: 20 },
          { arbitrary: fc.constant("bad name"), weight: 1 },
        ),
        fc.oneof(
          { arbitrary: fc.stringMatching(/^[a-z/+.;= -]*$/), weight: 10 },
          { arbitrary: fc.constantFrom(null, 7, "a\r\nb"), weight: 2 },
        ),
        { maxKeys: 3 },
      ),
      mediaType: fc.record(
        {
          format: fc.constantFrom("", "raw", "diff"),
          previews: fc.array(fc.constantFrom("a", "b-preview"), { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
      // Mostly absent: a parameter left over beside data is refused (it would be lost), and
      // calls that succeed must stay frequent enough to check the output.
      data: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 6 },
        { arbitrary: fc.string(), weight: 1 },
        { arbitrary: fc.constant(null), weight: 1 },
        { arbitrary: fc.dictionary(fc.string(), scalar), weight: 1 },
      ),
      baseUrl: fc.constantFrom(undefined, undefined, undefined, "", "https://ghe.example.com/api/v3/", "bad"),
    },
    { requiredKeys: [] },
  )
  .map(({ params, ...rest }) => ({ ...params, ...rest }) as EndpointOptions);

// Hostile input for the "only EndpointError" promise.

/** Characters that break parsers: controls, quotes, braces, percent signs, lone surrogates. */
const oddText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom(
    "\ud800",
    "a\udc00b",
    "\u0000",
    "\r\n",
    "%",
    "%2e%2E",
    "..",
    "{",
    "}",
    "{{}}",
    "\u2028",
    "\ufeff",
    "https://evil.example/",
    "//evil.example",
    "@evil.example",
  ),
);

/** Long runs of one piece: the shapes that cost other libraries superlinear time. */
const hugeText = fc
  .tuple(
    fc.constantFrom("{", "a", "%", "/", "..", "{a}", "\u0000", "\ud83d\ude00"),
    fc.integer({ min: 1000, max: 20000 }),
  )
  .map(([piece, count]) => piece.repeat(count));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: oddText, weight: 10 },
  { arbitrary: hugeText, weight: 1 },
);

/** Objects nested past the merge limit, built without recursion in the arbitrary. */
const deepObject = fc.integer({ min: 90, max: 150 }).map((depth) => {
  let object: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < depth; i++) object = { a: object };
  return object;
});

const sparse = ((): unknown[] => {
  const list: unknown[] = ["a"];
  list.length = 2 ** 32 - 1;
  return list;
})();
const cycle = ((): unknown => {
  const a: Record<string, unknown> = { b: [1] };
  (a.b as unknown[]).push(a);
  return a;
})();
const isoLiar = new Date(0);
Object.defineProperty(isoLiar, "toISOString", { value: () => ({}) });

/**
 * Objects of a kind the library has no plain meaning for. (Revoked proxies are in the tables
 * of test/promises/1-only-endpoint-error/endpoint-errors.test.ts: fast-check itself cannot hold one.)
 */
const exotic = fc.constantFrom<unknown>(
  Object.create(Date.prototype),
  Object.create(Map.prototype),
  Object.create(Headers.prototype),
  Object.create(Array.prototype),
  Object.create(Object.create(null)),
  isoLiar,
  new Proxy({}, { ownKeys: () => ["a", "a"] }),
  new Proxy([1, 2], {}),
  sparse,
  // biome-ignore lint/suspicious/noSparseArray: a hole is the point
  ["a", , "b"],
  cycle,
  new Number(1),
  new String("s"),
  new Date(0),
  /re/,
  new Map([["a", 1]]),
  new Set([1]),
  new Uint8Array([1, 2]),
  Symbol("s"),
  () => 1,
  Object.create(null),
  Object.freeze({ a: 1 }),
  new Headers({ accept: "text/plain" }),
  [[["deep"]]],
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: value, weight: 6 },
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: exotic, weight: 2 },
  { arbitrary: deepObject, weight: 1 },
  { arbitrary: fc.anything(), weight: 2 },
);

const hostileExpression = fc
  .tuple(fc.constantFrom(...OPERATORS, "!", "=", "|"), fc.array(fc.oneof(name, oddText), { maxLength: 3 }))
  .map(([op, vars]) => `{${op}${vars.join(",")}}`);

/** Templates of every operator with odd literals and odd variable names. */
export const hostileTemplate: fc.Arbitrary<string> = fc
  .array(fc.oneof(url, hostileExpression, oddText, hugeText), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(""));

export const hostileRoute: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: route, weight: 8 },
  { arbitrary: fc.tuple(method, hostileTemplate).map(([m, u]) => `${m} ${u}`), weight: 4 },
  { arbitrary: hostileText, weight: 1 },
  { arbitrary: fc.anything(), weight: 1 },
);

const headerEntries = fc.array(fc.tuple(fc.oneof(fc.constantFrom("accept", "x-a"), oddText), hostileValue), {
  maxLength: 4,
});

const hostileHeaders = fc.oneof(
  headerEntries.map((entries) => Object.fromEntries(entries)),
  headerEntries.map((entries) => entries as Iterable<readonly [string, unknown]>),
  fc
    .dictionary(fc.constantFrom("accept", "user-agent"), fc.stringMatching(/^[\w/.+-]*$/))
    .map((h) => new Headers(h)),
  hostileValue,
);

/**
 * Calls whose route is well formed and whose every template variable is given, each value
 * hostile: these get past the route, so the values reach the url and body writers and the
 * adapters instead of stopping at a missing parameter.
 */
export const hostileCompleteCall: fc.Arbitrary<[string, unknown]> = fc
  .tuple(
    fc.constantFrom(
      "GET /repos/{owner}/{repo}{?q,per_page}",
      "POST /repos/{owner}/{repo}/issues",
      "PATCH /x{/path*}{;id}{.repo}{#q}",
      "GET /search{?q*}{&per_page}",
      "PUT {+path}",
      "HEAD /{id}",
    ),
    fc.record({
      owner: hostileValue,
      repo: hostileValue,
      path: hostileValue,
      id: hostileValue,
      q: hostileValue,
      per_page: hostileValue,
    }),
    fc.dictionary(fc.oneof(name, oddText), hostileValue, { maxKeys: 3 }),
  )
  .map(([route, variables, extra]) => [route, { ...extra, ...variables }]);

/** Options where every key may hold anything; keys are own keys, as from JSON.parse. */
export const hostileOptions: fc.Arbitrary<unknown> = fc.oneof(
  // Parameters of any value over well-formed options: most of these succeed.
  {
    arbitrary: fc
      .tuple(options, fc.dictionary(fc.oneof(name, oddText), hostileValue, { maxKeys: 4 }))
      .map(([base, params]) => ({ ...params, ...base })),
    weight: 6,
  },
  {
    arbitrary: fc
      .record(
        {
          params: fc.dictionary(fc.oneof(name, oddText), hostileValue, { maxKeys: 5 }),
          method: fc.oneof({ arbitrary: fc.constantFrom("GET", "post"), weight: 3 }, method, hostileValue),
          url: fc.oneof(hostileTemplate, hostileValue),
          baseUrl: fc.oneof(
            { arbitrary: fc.constantFrom("", "https://ghe.example.com/api/v3/"), weight: 3 },
            hostileValue,
          ),
          headers: hostileHeaders,
          mediaType: fc.oneof(
            fc.record(
              {
                format: fc.oneof(fc.constantFrom("raw", "diff"), hostileValue),
                previews: fc.oneof(
                  fc.array(fc.oneof(fc.constant("a"), hostileText, hostileValue)),
                  hostileValue,
                ),
              },
              { requiredKeys: [] },
            ),
            hostileValue,
          ),
          data: hostileValue,
          request: hostileValue,
        },
        { requiredKeys: [] },
      )
      // Spread defines own keys, so a generated "__proto__" stays an own key as JSON.parse makes it.
      .map(({ params, ...rest }) => ({ ...params, ...rest })),
    weight: 8,
  },
  { arbitrary: hostileValue, weight: 1 },
);
