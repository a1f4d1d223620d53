// The real octokit stack (@octokit/core, octokit, the REST and pagination plugins) with
// @octokit/endpoint resolved to rest-endpoint-octokit, sending to a loopback server.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadStack, startServer } from "../octokit-stack/stack.js";

const { Core, Octokit, paginateRest, restEndpointMethods } = await loadStack();
const server = await startServer((request, origin) => {
  if (request.url.startsWith("/missing")) return { status: 404, body: { message: "Not Found" } };
  if (request.url.startsWith("/repos/o/r/issues")) {
    const page = Number(new URL(request.url, origin).searchParams.get("page") ?? "1");
    const next = `${origin}/repos/o/r/issues?per_page=2&page=${page + 1}`;
    const items = page === 1 ? [{ id: 1 }, { id: 2 }] : page === 2 ? [{ id: 3 }, { id: 4 }] : [{ id: 5 }];
    return { headers: page < 3 ? { link: `<${next}>; rel="next"` } : {}, body: items };
  }
  return { body: { ok: true } };
});
afterAll(() => server.close());

let seen = 0;
/** The requests that arrived since the last call. */
function fresh() {
  const got = server.arrived.slice(seen);
  seen = server.arrived.length;
  return got;
}
beforeAll(() => {
  fresh();
});

describe("@octokit/core with the drop-in", () => {
  const octokit = new Core({ auth: "secret123", baseUrl: server.origin });

  test("the drop-in is the endpoint in use: a url parameter beside a route stays a parameter", () => {
    const options = octokit.request.endpoint("PATCH /app/hook/config", { url: "https://hook.example" });
    expect(options.url).toBe(`${server.origin}/app/hook/config`);
    expect(options.body).toEqual({ url: "https://hook.example" });
  });

  test.each(["GET", "POST", "PUT", "PATCH", "DELETE"])("%s arrives with that method", async (method) => {
    fresh();
    const response = await octokit.request(`${method} /repos/{owner}/{repo}`, { owner: "o", repo: "r" });
    expect(response.status).toBe(200);
    const [got] = fresh();
    expect(got?.method).toBe(method);
    expect(got?.url).toBe("/repos/o/r");
    expect(got?.headers.authorization).toBe("token secret123");
  });

  test("PATCH arrives as PATCH with its JSON body", async () => {
    fresh();
    await octokit.request("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n", private: true });
    const [got] = fresh();
    expect(got?.method).toBe("PATCH");
    expect(JSON.parse(got?.body ?? "")).toEqual({ name: "n", private: true });
    expect(got?.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  test("HEAD arrives as HEAD, with the query, and a 404 reads as octokit's RequestError", async () => {
    fresh();
    const ok = await octokit.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r", a: 1 });
    expect(ok.status).toBe(200);
    await expect(octokit.request("HEAD /missing")).rejects.toMatchObject({
      status: 404,
      message: "Not Found",
    });
    expect(fresh().map((got) => `${got.method} ${got.url}`)).toEqual([
      "HEAD /repos/o/r?a=1",
      "HEAD /missing",
    ]);
  });

  test("a forwarded url parameter is sent in the body, to the route's path, with the token", async () => {
    fresh();
    await octokit.request("PATCH /app/hook/config", {
      url: "http://127.0.0.2:9/steal",
      content_type: "json",
    });
    const [got] = fresh();
    expect(got?.url).toBe("/app/hook/config");
    expect(JSON.parse(got?.body ?? "")).toEqual({ url: "http://127.0.0.2:9/steal", content_type: "json" });
  });

  test("previews change accept only on /graphql, as octokit applies them (auth-app's machine-man)", async () => {
    fresh();
    await octokit.request("POST /app/installations/{installation_id}/access_tokens", {
      installation_id: 1,
      mediaType: { previews: ["machine-man"] },
    });
    await octokit.graphql("{ viewer { login } }", { mediaType: { previews: ["squirrel-girl"] } });
    const [token, graphql] = fresh();
    expect(token?.headers.accept).toBe("application/vnd.github.v3+json");
    expect(graphql?.url).toBe("/graphql");
    expect(graphql?.headers.accept).toBe("application/vnd.github.squirrel-girl-preview+json");
  });

  test("request.defaults and hooks reach the server", async () => {
    fresh();
    const teamRequest = octokit.request.defaults({ headers: { "x-team": "core" }, owner: "o" });
    octokit.hook.before("request", (options) => {
      options.headers["x-hook"] = "before";
    });
    octokit.hook.wrap("request", async (request, options) => {
      const response = await request(options);
      return { ...response, data: { wrapped: response.data } };
    });
    const response = await teamRequest("GET /repos/{owner}/{repo}", { repo: "r" } as never);
    expect(response.data).toEqual({ wrapped: { ok: true } });
    const [got] = fresh();
    expect(got?.url).toBe("/repos/o/r");
    expect(got?.headers["x-team"]).toBe("core");
    expect(got?.headers["x-hook"]).toBe("before");
  });

  test("input octokit would send corrupted is refused before anything is sent", async () => {
    fresh();
    await expect(octokit.request("GET /repos/{owner}/{repo}", { owner: "o" } as never)).rejects.toMatchObject(
      {
        name: "EndpointError",
        code: "missing_parameter",
      },
    );
    await expect(octokit.request("GET /x", { headers: { "x-a": "a\r\nx-b: b" } })).rejects.toMatchObject({
      code: "invalid_header",
    });
    await expect(octokit.request("POST /x", { data: "body", lost: 1 })).rejects.toMatchObject({
      code: "invalid_parameter",
    });
    expect(fresh()).toEqual([]);
  });
});

describe("@octokit/core with the REST and pagination plugins", () => {
  test("rest methods and paginate.iterator reach the server", async () => {
    const WithPlugins = Core.plugin(paginateRest, restEndpointMethods);
    const octokit = new WithPlugins({ auth: "secret123", baseUrl: server.origin });
    fresh();
    await octokit.rest.repos.update({ owner: "o", repo: "r", description: "d" });
    const pages: number[] = [];
    for await (const page of octokit.paginate.iterator("GET /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
      per_page: 2,
    })) {
      pages.push(page.data.length);
    }
    expect(pages).toEqual([2, 2, 1]);
    const [update] = fresh();
    expect(`${update?.method} ${update?.url} ${update?.body}`).toBe('PATCH /repos/o/r {"description":"d"}');
  });
});

describe("octokit (the all-in-one package) with the drop-in", () => {
  test("pagination follows the Link header through every page", async () => {
    const octokit = new Octokit({ auth: "secret123", baseUrl: server.origin });
    fresh();
    const issues = await octokit.paginate("GET /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
      per_page: 2,
    });
    expect(issues).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }]);
    const got = fresh();
    expect(got.map((request) => request.url)).toEqual([
      "/repos/o/r/issues?per_page=2",
      "/repos/o/r/issues?per_page=2&page=2",
      "/repos/o/r/issues?per_page=2&page=3",
    ]);
    expect(got.every((request) => request.headers.authorization === "token secret123")).toBe(true);
  });

  test("rest.repos.uploadReleaseAsset goes to uploads.github.com by default", async () => {
    const urls: string[] = [];
    const capture = async (url: string, init: RequestInit) => {
      urls.push(`${init.method} ${url}`);
      return new Response("{}", { status: 201, headers: { "content-type": "application/json" } });
    };
    const octokit = new Octokit({ auth: "secret123", request: { fetch: capture } });
    await octokit.rest.repos.uploadReleaseAsset({
      owner: "o",
      repo: "r",
      release_id: 1,
      name: "a.zip",
      data: "zip",
    });
    expect(urls).toEqual(["POST https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip"]);
  });

  test("on a GitHub Enterprise Server, uploads reach its /api/uploads path", async () => {
    const octokit = new Octokit({ auth: "secret123", baseUrl: `${server.origin}/api/v3` });
    fresh();
    await octokit.rest.repos.uploadReleaseAsset({
      owner: "o",
      repo: "r",
      release_id: 1,
      name: "a.zip",
      data: "zip bytes",
      headers: { "content-type": "application/zip" },
      baseUrl: `${server.origin}/api/uploads`,
    });
    await octokit.request("POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
      origin: `${server.origin}/api/uploads`,
      owner: "o",
      repo: "r",
      release_id: 2,
      name: "b.zip",
      data: "more bytes",
      headers: { "content-type": "application/zip" },
    });
    const got = fresh();
    expect(got.map((request) => `${request.method} ${request.url} ${request.body}`)).toEqual([
      "POST /api/uploads/repos/o/r/releases/1/assets?name=a.zip zip bytes",
      "POST /api/uploads/repos/o/r/releases/2/assets?name=b.zip more bytes",
    ]);
    expect(got.every((request) => request.headers.authorization === "token secret123")).toBe(true);
  });

  test("an {origin} the builder does not name is refused, and nothing is sent", async () => {
    const octokit = new Octokit({ auth: "secret123", baseUrl: `${server.origin}/api/v3` });
    fresh();
    await expect(
      octokit.request("POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
        origin: "http://127.0.0.2:9",
        owner: "o",
        repo: "r",
        release_id: 1,
        name: "a.zip",
        data: "zip",
      }),
    ).rejects.toMatchObject({ code: "invalid_parameter" });
    expect(fresh()).toEqual([]);
  });
});
