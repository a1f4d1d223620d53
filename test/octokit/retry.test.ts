// octokit's retry and throttling plugins (bundled in `octokit`) write into each request's
// `options.request` (`retryCount`). The drop-in hands out a fresh, unfrozen copy of `request`
// from every merge and parse, so those writes work, never reach DEFAULTS, and never leak into
// another request (real @octokit/endpoint shares one object between requests).
import { endpoint } from "rest-endpoint-octokit";
import { afterAll, describe, expect, test } from "vitest";
import { loadStack, startServer } from "../octokit-stack/stack.js";

const { Octokit } = await loadStack();
const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe("merge and parse give each call its own request object", () => {
  const hook = () => undefined;
  const builder = endpoint.defaults({ request: { hook, retries: 2 } });
  const cases: [string, () => Record<string, unknown>][] = [
    ["merge(route)", () => builder.merge("GET /x") as never],
    ["merge(route, options)", () => builder.merge("GET /x", { a: 1 }) as never],
    ["merge(options)", () => builder.merge({ url: "/x" }) as never],
    [
      "merge with the call's request",
      () => builder.merge("GET /x", { request: { signal: new AbortController().signal } }) as never,
    ],
    ["endpoint(route)", () => builder("GET /x") as never],
    ["parse(merge(route))", () => builder.parse(builder.merge("GET /x")) as never],
    ["parse(DEFAULTS with a url)", () => builder.parse({ ...builder.DEFAULTS, url: "/x" }) as never],
    ["defaults(…).merge", () => builder.defaults({ headers: { "x-a": "a" } }).merge("GET /x") as never],
  ];
  test.each(cases)("%s: writable, distinct each call, DEFAULTS unchanged", (_, call) => {
    const first = call().request as Record<string, unknown>;
    const second = call().request as Record<string, unknown>;
    expect(first).toMatchObject({ hook, retries: 2 });
    expect(Object.isFrozen(first)).toBe(false);
    expect(first).not.toBe(second);
    expect(first).not.toBe(builder.DEFAULTS.request);
    first.retryCount = 1;
    first.retries = 9;
    expect(second.retryCount).toBeUndefined();
    expect(call().request).not.toHaveProperty("retryCount");
    expect(builder.DEFAULTS.request).toEqual({ hook, retries: 2 });
    expect(Object.isFrozen(builder.DEFAULTS.request)).toBe(true);
  });
});

describe("octokit's retry and throttling plugins retry through the drop-in", () => {
  /** Answers each path with its list of statuses in turn, then 200. */
  const plans = new Map<string, number[]>();
  const serverReady = startServer((request) => {
    const status = plans.get(request.url)?.shift() ?? 200;
    if (status === 429) {
      return {
        status,
        headers: { "retry-after": "0" },
        body: { message: "You have exceeded a secondary rate limit." },
      };
    }
    return status === 200 ? { body: { ok: true } } : { status, body: { message: "Server Error" } };
  });
  afterAll(async () => (await serverReady).close());

  const newOctokit = (origin: string) =>
    new Octokit({
      auth: "secret123",
      baseUrl: origin,
      log: silent,
      retry: { retryAfterBaseValue: 1 },
      // octokit's own handlers: retry once, read from the retryCount the plugin writes.
      throttle: {
        retryAfterBaseValue: 1,
        onRateLimit: (_after: number, options: { request: { retryCount?: number } }) =>
          options.request.retryCount === 0,
        onSecondaryRateLimit: (_after: number, options: { request: { retryCount?: number } }) =>
          options.request.retryCount === 0,
      },
    });

  test.each([
    ["500, 500, 200", "/repos/o/a", [500, 500], 3],
    ["429 (retry-after 0), 200", "/repos/o/b", [429], 2],
  ] as const)("%s: every answer is asked for and the call resolves 200", async (_, path, statuses, count) => {
    const server = await serverReady;
    plans.set(path, [...statuses]);
    const octokit = newOctokit(server.origin);
    const before = server.arrived.length;
    const response = await octokit.request("GET /repos/{owner}/{repo}", {
      owner: "o",
      repo: path.slice("/repos/o/".length),
    });
    expect(response.status).toBe(200);
    const got = server.arrived.slice(before);
    expect(got.map((request) => request.url)).toEqual(Array(count).fill(path));
    expect(got.every((request) => request.headers.authorization === "token secret123")).toBe(true);
  });

  test("the request objects octokit writes into are distinct, and its DEFAULTS stay frozen and unchanged", async () => {
    const server = await serverReady;
    const octokit = newOctokit(server.origin);
    const defaults = octokit.request.endpoint.DEFAULTS.request;
    const before = { ...defaults };
    const seen: Record<string, unknown>[] = [];
    octokit.hook.before("request", (options) => {
      seen.push(options.request as Record<string, unknown>);
    });
    plans.set("/repos/o/c", [500]);
    await octokit.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "c" });
    await octokit.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "d" });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const first = seen[0];
    const last = seen.at(-1);
    expect(first).not.toBe(last);
    expect(first?.retryCount).toBe(1);
    expect(last?.retryCount).toBeUndefined();
    expect(seen.every((request) => request !== defaults)).toBe(true);
    expect(Object.isFrozen(defaults)).toBe(true);
    expect({ ...defaults }).toEqual(before);
    expect(defaults).not.toHaveProperty("retryCount");
  });
});
