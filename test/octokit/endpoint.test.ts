// rest-endpoint-octokit against the real @octokit/endpoint (the root devDependency): the same
// shapes wherever no departure applies, and each departure of packages/octokit/README.md.

import { readdirSync, readFileSync } from "node:fs";
import { endpoint as octokitEndpoint } from "@octokit/endpoint";
import { EndpointError } from "rest-endpoint";
import { endpoint, VERSION } from "rest-endpoint-octokit";
import { describe, expect, test } from "vitest";

const packageDir = new URL("../../packages/octokit/", import.meta.url);
const withoutAgent = (options: object) =>
  JSON.parse(JSON.stringify(options, (k, v) => (k === "user-agent" ? "ua" : v)));
const both = (...args: unknown[]) => {
  const call = (builder: (...a: never[]) => unknown) => withoutAgent(builder(...(args as never[])) as object);
  return [call(endpoint as never), call(octokitEndpoint as never)];
};

describe("the same as @octokit/endpoint", () => {
  test.each([
    ["PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }],
    ["HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r", a: 1 }],
    ["PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }],
    ["DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" }],
    ["POST /graphql", { query: "q", mediaType: { previews: ["machine-man"], format: "" } }],
    ["POST /app/installations/{id}/access_tokens", { id: 1, mediaType: { previews: ["machine-man"] } }],
    [
      "GET /repos/{owner}/{repo}/contents/{path}",
      { owner: "o", repo: "r", path: "a.md", mediaType: { format: "raw" } },
    ],
    ["POST /markdown/raw", { data: "# x", headers: { "content-type": "text/plain" } }],
    ["GET /search/issues", { q: "repo:o/r+is:open" }],
    // octokit sends an OPTIONS request's leftover parameters in a JSON body, as a POST's.
    ["OPTIONS /repos/{owner}/{repo}", { owner: "o", repo: "r", a: 1 }],
    ["OPTIONS /x", {}],
    ["OPTIONS /x{?q}", { q: "a", data: { b: 2 } }],
  ])("%s", (route, options) => {
    const [mine, theirs] = both(route, options);
    if (route === "GET /search/issues") {
      // The same request, spelled with %20 where octokit keeps `+`: both are spaces to GitHub.
      expect(decodeURIComponent(mine.url)).toBe(decodeURIComponent(theirs.url.replaceAll("+", "%20")));
      return;
    }
    expect(mine).toEqual(theirs);
  });

  test("DEFAULTS, merge and defaults have octokit's shapes (previews only when given)", () => {
    expect(withoutAgent(endpoint.DEFAULTS)).toEqual(withoutAgent(octokitEndpoint.DEFAULTS));
    const args: [string, { mediaType: { previews: string[] } }] = [
      "GET /x",
      { mediaType: { previews: ["a"] } },
    ];
    expect(withoutAgent(endpoint.merge(...args))).toEqual(withoutAgent(octokitEndpoint.merge(...args)));
    const core = { baseUrl: "https://ghe.example/api/v3", mediaType: { previews: [], format: "" } };
    expect(withoutAgent(endpoint.defaults(core).DEFAULTS)).toEqual(
      withoutAgent(octokitEndpoint.defaults(core).DEFAULTS),
    );
    const graphql = [["x"], "/graphql", ["y-preview"]] as const;
    const merge = (e: typeof octokitEndpoint) =>
      withoutAgent(
        e
          .defaults({ mediaType: { previews: [...graphql[0]] } })
          .merge(graphql[1], { mediaType: { previews: [...graphql[2]] } }),
      );
    expect(merge(endpoint)).toEqual(merge(octokitEndpoint));
    expect(endpoint.parse).toBe(endpoint.defaults({}).parse);
    expect(endpoint.DEFAULTS.headers["user-agent"]).toMatch(new RegExp(`^rest-endpoint-octokit/${VERSION} `));
  });
});

describe("the departures of packages/octokit/README.md", () => {
  const refused = (code: string, ...args: unknown[]) => {
    expect(() => (endpoint as (...a: unknown[]) => unknown)(...args)).toThrow(
      expect.objectContaining({ code }),
    );
    expect(() => (endpoint as (...a: unknown[]) => unknown)(...args)).toThrow(EndpointError);
  };
  test("url and method beside a route are parameters", () => {
    expect(endpoint("PATCH /app/hook/config", { url: "https://hook.example" })).toMatchObject({
      method: "PATCH",
      url: "https://api.github.com/app/hook/config",
      body: { url: "https://hook.example" },
    });
    expect(endpoint("GET /x", { method: "DELETE" }).url).toBe("https://api.github.com/x?method=DELETE");
  });
  test("CR/LF in headers, expressions in the host, missing path parameters, objects in the query, parameters beside data", () => {
    refused("invalid_header", "GET /x", { headers: { "x-a": "a\r\nx-b: b" } });
    refused("invalid_template", "GET https://{host}/x", { host: "evil.example" });
    refused("missing_parameter", "GET /repos/{owner}/{repo}", { owner: "o" });
    refused("invalid_parameter", "GET /repos/{owner}/{repo}", { owner: "", repo: "r" });
    refused("invalid_parameter", "GET /x", { f: { a: 1 } });
    refused("invalid_parameter", "POST /x", { data: "body", lost: 1 });
  });
  const upload = "POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";
  const asset = { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "zip" };
  test("{origin}: left out, the builder's baseUrl; given, only a base the builder names", () => {
    expect(endpoint(upload, { ...asset, baseUrl: "https://uploads.github.com" }).url).toBe(
      "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
    );
    expect(endpoint(upload, { ...asset, origin: "https://uploads.github.com" }).url).toBe(
      "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
    );
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" });
    expect(ghe(upload, { ...asset, origin: "https://ghe.example/api/uploads/" }).url).toBe(
      "https://ghe.example/api/uploads/repos/o/r/releases/1/assets?name=a.zip",
    );
    refused("invalid_parameter", upload, { ...asset, origin: "https://evil.example" });
    refused("invalid_parameter", upload, { ...asset, origin: "https://uploads.github.com.evil.example" });
    expect(() => ghe(upload, { ...asset, origin: "https://uploads.github.com" })).toThrow(
      expect.objectContaining({ code: "invalid_parameter" }),
    );
  });
});

describe("SECURITY.md's promises for the inputs the drop-in reads itself", () => {
  test("only EndpointError is thrown for hostile options, with the caller's error as cause", () => {
    const boom = new Error("getter");
    const hostile = [
      {
        get mediaType() {
          throw boom;
        },
      },
      {
        mediaType: {
          get previews() {
            throw boom;
          },
        },
      },
      { mediaType: { previews: "machine-man" } },
      { mediaType: { previews: [1] } },
      new Proxy(
        {},
        {
          ownKeys() {
            throw boom;
          },
        },
      ),
    ];
    for (const options of hostile) {
      expect(() => endpoint("GET /x", options as never)).toThrow(EndpointError);
      expect(() => endpoint.merge("GET /x", options as never)).toThrow(EndpointError);
      // Merged options carrying the same hostile members (the Proxy is given as it is).
      const input = options === hostile.at(-1) ? options : endpoint.merge("GET /x");
      if (input !== options) Object.defineProperties(input, Object.getOwnPropertyDescriptors(options));
      expect(() => endpoint.parse(input as never)).toThrow(EndpointError);
    }
    try {
      endpoint("GET /x", hostile[0] as never);
    } catch (error) {
      expect((error as Error).cause).toBe(boom);
    }
  });
  test("merging never reaches a prototype, and builders share nothing mutable", () => {
    const merged = endpoint.merge(
      "GET /x",
      JSON.parse('{"__proto__": {"polluted": 1}, "mediaType": {"previews": ["a"]}}'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    merged.mediaType.previews?.push("b");
    (merged.headers as Record<string, string>).accept = "changed";
    expect(endpoint.DEFAULTS.mediaType).toEqual({ format: "" });
    expect(endpoint.DEFAULTS.headers.accept).toBe("application/vnd.github.v3+json");
    expect(Object.isFrozen(endpoint.DEFAULTS)).toBe(true);
  });
  test("previews in accept are read in linear time: a long accept without a preview", () => {
    const accept = `application/vnd.github.${"a".repeat(200_000)}+json`;
    const options = endpoint("POST /graphql", {
      headers: { accept },
      mediaType: { previews: ["x"] },
      query: "q",
    });
    expect(options.headers.accept).toBe("application/vnd.github.x-preview+json");
  });
});

describe("the package", () => {
  test("VERSION is package.json's, and rest-endpoint is its only runtime dependency", () => {
    const manifest = JSON.parse(readFileSync(new URL("package.json", packageDir), "utf8"));
    expect(VERSION).toBe(manifest.version);
    expect(Object.keys(manifest.dependencies)).toEqual(["rest-endpoint"]);
  });
  test("its code imports only rest-endpoint's public entries and its own files", () => {
    const files = ["index.js", ...readdirSync(new URL("src/", packageDir)).map((file) => `src/${file}`)];
    const imports = files.flatMap((file) =>
      [...readFileSync(new URL(file, packageDir), "utf8").matchAll(/from "([^"]+)"/g)].map(
        (match) => match[1],
      ),
    );
    expect(imports.filter((specifier) => !specifier?.startsWith("./"))).toEqual(
      expect.arrayContaining(["rest-endpoint"]),
    );
    for (const specifier of imports)
      expect(specifier).toMatch(
        /^(\.\/[\w-]+\.js|\.\/src\/[\w-]+\.js|rest-endpoint|rest-endpoint\/uri-template)$/,
      );
  });
});
