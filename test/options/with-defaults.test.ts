import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { DEFAULT_HEADERS } from "../helpers.js";

describe("DEFAULTS", () => {
  it("are the documented root defaults", () => {
    expect(endpoint.DEFAULTS).toStrictEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: DEFAULT_HEADERS,
      mediaType: { format: "", previews: [] },
    });
  });

  it("build what the same defaults build once read and checked as a caller's", () => {
    const checked = endpoint.defaults(endpoint.DEFAULTS);
    expect(checked.DEFAULTS).toStrictEqual(endpoint.DEFAULTS);
    const params = { owner: "o", repo: "r", title: "t", q: "x" };
    for (const route of ["GET /repos/{owner}/{repo}", "POST /repos/{owner}/{repo}/issues", "PUT /x"]) {
      expect(endpoint(route, params)).toStrictEqual(checked(route, params));
      expect(endpoint(route, params)).toStrictEqual(endpoint.parse(endpoint.merge(route, params)));
      expect(endpoint.merge(route, params)).toStrictEqual(checked.merge(route, params));
    }
    expect(endpoint("GET /x", { mediaType: { previews: ["a"] } })).toStrictEqual(
      checked("GET /x", { mediaType: { previews: ["a"] } }),
    );
    expect(Object.isFrozen(endpoint.DEFAULTS)).toBe(true);
    expect(Object.isFrozen(endpoint.DEFAULTS.mediaType.previews)).toBe(true);
  });

  it("are deeply frozen", () => {
    const api = endpoint.defaults({
      headers: { "x-a": "1" },
      mediaType: { previews: ["p"] },
      list: [{ a: 1 }],
    });
    for (const value of [
      api.DEFAULTS,
      api.DEFAULTS.headers,
      api.DEFAULTS.mediaType,
      api.DEFAULTS.mediaType.previews,
      api.DEFAULTS.list,
      (api.DEFAULTS.list as object[])[0],
    ]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
    expect(Object.isFrozen(endpoint.DEFAULTS.headers)).toBe(true);
    expect(() => {
      (endpoint.DEFAULTS.headers as Record<string, string>).accept = "x";
    }).toThrow(TypeError);
  });

  it("do not freeze objects that are not plain, such as a signal in request", () => {
    const signal = new AbortController().signal;
    const api = endpoint.defaults({ request: { signal } });
    expect(Object.isFrozen(signal)).toBe(false);
    expect(endpoint.DEFAULTS).not.toHaveProperty("request");
    expect(api("GET /x").request?.signal).toBe(signal);
  });
});

describe("defaults", () => {
  it("derives a builder with the same five members", () => {
    const api = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" });
    expect(typeof api).toBe("function");
    expect(typeof api.defaults).toBe("function");
    expect(typeof api.merge).toBe("function");
    expect(typeof api.parse).toBe("function");
    expect(api.DEFAULTS.baseUrl).toBe("https://ghe.example.com/api/v3");
    expect(api("GET /user").url).toBe("https://ghe.example.com/api/v3/user");
    expect(endpoint("GET /user").url).toBe("https://api.github.com/user");
  });

  it("names its members as they are called, on the root builder and a derived one", () => {
    const api = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" }).defaults({ method: "POST" });
    for (const builder of [endpoint, api]) {
      expect(builder.name).toBe("endpoint");
      expect(builder.merge.name).toBe("merge");
      expect(builder.parse.name).toBe("parse");
      expect(builder.defaults.name).toBe("defaults");
    }
  });

  it("cascades without limit", () => {
    let api = endpoint;
    for (let i = 0; i < 50; i++) api = api.defaults({ [`p${i}`]: i, headers: { [`x-${i}`]: String(i) } });
    const merged = api.merge("GET /x");
    expect(merged.p0).toBe(0);
    expect(merged.p49).toBe(49);
    expect(merged.headers["x-49"]).toBe("49");
    expect(merged.headers.accept).toBe(DEFAULT_HEADERS.accept);
  });

  it("keeps the root accept under derived defaults unless they set their own", () => {
    const a = endpoint.defaults({ headers: { authorization: "token t" } });
    expect(a("GET /x").headers.accept).toBe("application/vnd.github.v3+json");
    const b = a.defaults({ headers: { Accept: "application/vnd.github+json" } });
    expect(b("GET /x").headers).toStrictEqual({
      accept: "application/vnd.github+json",
      "user-agent": DEFAULT_HEADERS["user-agent"],
      authorization: "token t",
    });
    const c = b.defaults({ headers: { accept: null } });
    expect(c("GET /x").headers).not.toHaveProperty("accept");
    expect(c("GET /x", { mediaType: { format: "raw" } }).headers).not.toHaveProperty("accept");
  });

  it("accepts a route string plus options", () => {
    const getIssue = endpoint.defaults("GET /repos/{owner}/{repo}/issues/{issue_number}", {
      owner: "octokit",
    });
    expect(getIssue.DEFAULTS.url).toBe("/repos/{owner}/{repo}/issues/{issue_number}");
    expect(getIssue({ repo: "rest.js", issue_number: 1 }).url).toBe(
      "https://api.github.com/repos/octokit/rest.js/issues/1",
    );
    expect(getIssue({ method: "PATCH", repo: "r", issue_number: 2, state: "closed" })).toMatchObject({
      method: "patch",
      body: { state: "closed" },
    });
  });

  it("parameters set as defaults can be overridden per call", () => {
    const api = endpoint.defaults({ owner: "octokit", per_page: 100 });
    expect(api("GET /orgs/{owner}/repos").url).toBe("https://api.github.com/orgs/octokit/repos?per_page=100");
    expect(api("GET /orgs/{owner}/repos", { owner: "other", per_page: undefined }).url).toBe(
      "https://api.github.com/orgs/other/repos?per_page=100",
    );
    expect(api("GET /orgs/{owner}/repos", { per_page: null }).url).toBe(
      "https://api.github.com/orgs/octokit/repos",
    );
  });

  it("builders share nothing mutable", () => {
    const a = endpoint.defaults({ labels: ["x"] });
    const b = a.defaults({});
    const merged = a.merge("POST /x");
    (merged.labels as string[]).push("y");
    expect(b.merge("POST /x").labels).toEqual(["x"]);
    const result = b("POST /x");
    (result.body as { labels: string[] }).labels.push("z");
    expect(a("POST /x").body).toStrictEqual({ labels: ["x"] });
  });
});
