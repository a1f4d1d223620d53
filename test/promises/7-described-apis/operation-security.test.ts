// Security schemes: credentials given once, through the generated module's
// `withCredentials`, are sent on exactly the operations whose security asks for them, as each
// scheme says, and only to the description's servers. Scalar Galaxy's description (MIT) has
// every kind: http bearer and basic, apiKey in a header, the query and a cookie, OAuth 2.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateOperations, readDescription } from "../../../src/generate/index.js";
import { endpoint } from "../../../src/index.js";
import { describeOperations } from "../../../src/operations/describe-operations.js";
import { expectEndpointError } from "../../helpers.js";

type Module = {
  api: Parameters<typeof endpoint.defaults>[0];
  withCredentials: (credentials: Record<string, unknown>) => Parameters<typeof endpoint.defaults>[0];
};

/** The generated module, run against the library's source. */
function load(description: unknown): Module {
  const { module } = generateOperations(description);
  const body = module
    .replace(/^import .*$/m, "")
    .replaceAll("export const", "const")
    .replaceAll("export function", "function");
  return new Function("describeOperations", `${body}\nreturn { api, withCredentials };`)(describeOperations);
}

const galaxy = load(
  readDescription(
    readFileSync(new URL("../../../node_modules/@scalar/galaxy/dist/3.1.json", import.meta.url), "utf8"),
  ),
);
const builder = (credentials: Record<string, unknown>) =>
  endpoint.defaults(galaxy.withCredentials(credentials) as never) as (
    route: string,
    options?: Record<string, unknown>,
  ) => ReturnType<typeof endpoint>;

describe("credentials go where the description's security asks", () => {
  it.each<[string, Record<string, unknown>, string, Record<string, string>, string]>([
    ["bearer", { bearerAuth: "T" }, "POST /planets", { authorization: "Bearer T" }, ""],
    ["OAuth 2, as a bearer token", { oAuth2: "O" }, "POST /planets", { authorization: "Bearer O" }, ""],
    [
      "basic, as base64 of user:password (UTF-8)",
      { basicAuth: { username: "ü", password: "p:w" } },
      "POST /planets",
      { authorization: `Basic ${Buffer.from("ü:p:w").toString("base64")}` },
      "",
    ],
    ["an API key in a header", { apiKeyHeader: "K" }, "POST /planets", { "x-api-key": "K" }, ""],
    ["an API key in the query, encoded", { apiKeyQuery: "a&b=c" }, "POST /planets", {}, "?api_key=a%26b%3Dc"],
    ["an API key in a cookie", { apiKeyCookie: "k;1" }, "POST /planets", { cookie: "api_key=k%3B1" }, ""],
    [
      "the first alternative the builder holds every credential of (GET /me)",
      { apiKeyQuery: "Q", bearerAuth: "B" },
      "GET /me",
      { authorization: "Bearer B" },
      "",
    ],
  ])("%s", (_, credentials, route, headers, query) => {
    const options = builder(credentials)(route, route.includes("{planetId}") ? { planetId: 1 } : {});
    expect(options.headers).toMatchObject(headers);
    expect(options.url).toBe(
      `https://galaxy.scalar.com${route.split(" ")[1]?.replace("{planetId}", "1")}${query}`,
    );
  });

  it("sends none on an operation whose security is [] (GET /planets), nor without credentials", () => {
    const options = builder({ bearerAuth: "T", apiKeyQuery: "Q" })("GET /planets");
    expect(options.headers).not.toHaveProperty("authorization");
    expect(options.url).toBe("https://galaxy.scalar.com/planets");
    const plain = endpoint.defaults(galaxy.api as never)("POST /planets", { name: "x" } as never);
    expect(plain.headers).not.toHaveProperty("authorization");
  });

  it("leaves an authorization the request gives as it is", () => {
    const options = builder({ bearerAuth: "T" })("POST /planets", {
      headers: { authorization: "Bearer mine" },
    });
    expect(options.headers.authorization).toBe("Bearer mine");
  });

  it("never sends credentials to a host the description's servers do not name", () => {
    const elsewhere = endpoint.defaults({
      ...(galaxy.withCredentials({ bearerAuth: "T" }) as object),
      baseUrl: "https://evil.example",
    });
    expectEndpointError(() => elsewhere("POST /planets"), "invalid_base_url", /not one of the API's servers/);
    // An operation that asks for none goes anywhere the caller says.
    expect(elsewhere("GET /planets").url).toBe("https://evil.example/planets");
    // A server's own path is a boundary: /v1 does not take /v10.
    const table = describeOperations(
      { "GET /x": { url: "/x", security: [["k"]] } },
      {
        securitySchemes: { k: { type: "apiKey", in: "header", name: "k" } },
        credentials: { k: "K" },
        servers: ["https://h.example/v1"],
      },
    );
    expect(
      endpoint.defaults({ baseUrl: "https://h.example/v1", operations: table })("GET /x").headers.k,
    ).toBe("K");
    for (const baseUrl of [
      "https://h.example/v10",
      "https://h.example",
      "https://h.example.evil/v1",
      "/v1",
    ]) {
      expectEndpointError(
        () => endpoint.defaults({ baseUrl, operations: table })("GET /x"),
        "invalid_base_url",
      );
    }
  });

  it.each<[string, () => unknown, string]>([
    ["a scheme the API does not have", () => galaxy.withCredentials({ nope: "x" }), "invalid_options"],
    [
      "a key with a line break",
      () => galaxy.withCredentials({ apiKeyHeader: "a\r\nx: 1" }),
      "invalid_header",
    ],
    [
      "basic without a password",
      () => galaxy.withCredentials({ basicAuth: { username: "u" } }),
      "invalid_options",
    ],
    ["an empty token", () => galaxy.withCredentials({ bearerAuth: "" }), "invalid_options"],
  ])("refuses %s when the credentials are given", (_, run, code) => {
    expectEndpointError(run, code as never);
  });

  it("leaves redirects to the caller when a key travels in a header of the API's own", () => {
    // fetch drops authorization and cookie on a redirect to another origin, but not X-API-Key.
    expect(builder({ apiKeyHeader: "K" })("POST /planets").request).toEqual({ redirect: "manual" });
    expect(builder({ bearerAuth: "T" })("POST /planets")).not.toHaveProperty("request");
    const chosen = builder({ apiKeyHeader: "K" })("POST /planets", { request: { redirect: "error" } });
    expect(chosen.request).toEqual({ redirect: "error" });
  });
});

describe("the servers credentials may go to, from a hostile or loose description", () => {
  // A public operation on another host (a third party's status page) opens that host to no
  // operation's credentials; an operation that sends credentials may send them to its own.
  const mixed = load({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    components: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
    security: [{ token: [] }],
    paths: {
      "/account": { get: {} },
      "/status": { get: { security: [], servers: [{ url: "https://status.thirdparty.example" }] } },
      "/upload": { post: { servers: [{ url: "https://uploads.example.com" }] } },
    },
  });
  const api = endpoint.defaults(mixed.withCredentials({ token: "SECRET" }));

  it.each([
    "https://status.thirdparty.example",
    "https://status.thirdparty.example/",
    "https://evil.example",
  ])(
    "an operation with credentials and a baseUrl of %j (a public operation's server, or none) is invalid_base_url",
    (baseUrl) => {
      expectEndpointError(() => api("GET /account", { baseUrl }), "invalid_base_url");
    },
  );

  it("an operation that sends credentials sends them to its own server; a public one sends none", () => {
    const upload = api("POST https://uploads.example.com/upload");
    expect([upload.url, upload.headers.authorization]).toEqual([
      "https://uploads.example.com/upload",
      "Bearer SECRET",
    ]);
    const status = api("GET https://status.thirdparty.example/status");
    expect([status.url, status.headers.authorization]).toEqual([
      "https://status.thirdparty.example/status",
      undefined,
    ]);
  });

  const withServers = (
    servers: object[],
    schemes: object = { key: { type: "apiKey", in: "header", name: "X-Key" } },
  ) =>
    load({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      servers,
      security: [Object.fromEntries(Object.keys(schemes).map((name) => [name, []]))],
      components: { securitySchemes: schemes },
      paths: { "/x": { get: {} } },
    });

  it("enums of more combinations than are written out stand for their defaults, never for any value", () => {
    const v = { default: "a", enum: ["a", "b", "c", "d"] };
    const api = endpoint.defaults(
      withServers([
        { url: "https://{p}{q}{r}{s}{t}.example.com", variables: { p: v, q: v, r: v, s: v, t: v } },
      ]).withCredentials({
        key: "K",
      }),
    );
    // 4^5 = 1,024 combinations: the first four variables are written out (256), the fifth
    // stands for its default; a value outside every enum gets nothing.
    expect(api("GET /x", { baseUrl: "https://dcbaa.example.com" }).headers["x-key"]).toBe("K");
    expectEndpointError(() => api("GET /x", { baseUrl: "https://aaaaz.example.com" }), "invalid_base_url");
    expectEndpointError(() => api("GET /x", { baseUrl: "https://aaaab.example.com" }), "invalid_base_url");
  });

  it("servers' enums do not multiply the module (output bounded by the description's size)", () => {
    const v = { default: "a", enum: ["a", "b", "c", "d"] };
    const description = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      servers: Array.from({ length: 4 }, (_, i) => ({
        url: `https://{a}{b}{c}{d}.example${i}.com/${"p".repeat(100_000)}`,
        variables: { a: v, b: v, c: v, d: v },
      })),
      components: { securitySchemes: { k: { type: "http", scheme: "bearer" } } },
      security: [{ k: [] }],
      paths: { "/a": { get: {} } },
    };
    const { module } = generateOperations(description);
    expect(module.length).toBeLessThan(10 * JSON.stringify(description).length);
  });

  it.each<[string, object, string]>([
    [
      "an enum of hosts",
      { url: "https://{app}.herokuapp.com", variables: { app: { default: "myapp", enum: ["myapp"] } } },
      "https://evil.herokuapp.com",
    ],
    [
      "an enum of regions",
      { url: "https://{r}.example.com", variables: { r: { default: "us", enum: ["us", "eu"] } } },
      "https://attacker.example.com",
    ],
    [
      "an enum of ports",
      {
        url: "https://api.example.com:{port}/v1",
        variables: { port: { default: "443", enum: ["443", "8443"] } },
      },
      "https://api.example.com:9999/v1",
    ],
    [
      "an enum of path segments",
      { url: "https://api.example.com/{v}/api", variables: { v: { default: "v1", enum: ["v1"] } } },
      "https://api.example.com/admin/api",
    ],
  ])("%s: a value outside it gets no credential", (_, server, baseUrl) => {
    const api = withServers([server]);
    const keyed = endpoint.defaults({ ...(api.withCredentials({ key: "K" }) as object), baseUrl });
    expectEndpointError(() => keyed("GET /x"), "invalid_base_url");
  });

  it("an enum value with $ patterns stands for itself", () => {
    const api = withServers([
      { url: "https://h.example/{v}", variables: { v: { default: "a$'b", enum: ["a$'b"] } } },
    ]);
    const keyed = endpoint.defaults({
      ...(api.withCredentials({ key: "K" }) as object),
      baseUrl: "https://h.example/a$'b",
    });
    expect(keyed("GET /x").headers["x-key"]).toBe("K");
  });

  it("a value within the enum gets it", () => {
    const api = withServers([
      { url: "https://{r}.example.com", variables: { r: { default: "us", enum: ["us", "eu"] } } },
    ]);
    const keyed = endpoint.defaults({
      ...(api.withCredentials({ key: "K" }) as object),
      baseUrl: "https://eu.example.com",
    });
    expect(keyed("GET /x").headers["x-key"]).toBe("K");
  });

  it.each(["Host", "Content-Length", "Cookie", "Accept-Language", "User-Agent", "Content-Type"])(
    "an API key in %s is left out with a note",
    (header) => {
      const { notes, module } = generateOperations({
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        components: { securitySchemes: { key: { type: "apiKey", in: "header", name: header } } },
        paths: { "/x": { get: {} } },
      });
      expect(notes).toEqual([
        `security scheme "key" would send its key in ${JSON.stringify(header)}, a header that frames the message or goes to other origins; it is left out.`,
      ]);
      expect(module).not.toContain('"securitySchemes"');
    },
  );

  it("a scheme named __proto__ is left out with a note; the others still work", () => {
    const spec = JSON.parse(
      '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"servers":[{"url":"https://h.example"}],"security":[{"k":[]}],"components":{"securitySchemes":{"__proto__":{"type":"http","scheme":"bearer"},"k":{"type":"http","scheme":"bearer"}}},"paths":{"/x":{"get":{}}}}',
    );
    expect(generateOperations(spec).notes).toEqual([
      'security scheme "__proto__" cannot be named in a call; it is left out.',
    ]);
    const api = load(spec);
    expect(endpoint.defaults(api.withCredentials({ k: "T" }) as never)("GET /x").headers.authorization).toBe(
      "Bearer T",
    );
  });
});

describe("a parameter or cookie named like the credential it is sent beside", () => {
  const operations = describeOperations(
    {
      "GET /items": { url: "/items{?page}", security: [["qk"]] },
      "GET /me": { url: "/me", security: [["ck"]] },
    },
    {
      securitySchemes: {
        qk: { type: "apiKey", in: "query", name: "api_key" },
        ck: { type: "apiKey", in: "cookie", name: "SID" },
      },
      credentials: { qk: "OUR_SECRET", ck: "OUR_SESSION" },
      servers: ["https://api.example"],
    },
  );
  const api = endpoint.defaults({ baseUrl: "https://api.example", operations });

  it("is refused, not sent first where a server would read it instead", () => {
    const forwarded = JSON.parse('{"page":"2","api_key":"ATTACKER_KEY"}');
    expectEndpointError(() => api("GET /items", forwarded), "invalid_parameter");
    expectEndpointError(
      () => api("GET /me", { headers: { cookie: "a=1; SID=ATTACKER" } }),
      "invalid_parameter",
    );
  });

  // Names servers read as the credential's: a query name in another case or with brackets
  // after it (qs, PHP), a cookie name with white space around it (RFC 6265), quoted, or after
  // a comma (old servers split on it).
  it.each(["API_KEY", "api_key[]", "api_key[0]", "Api_Key[x][y]"])("a query name %j", (name) => {
    expectEndpointError(() => api("GET /items", { [name]: "ATTACKER_KEY" }), "invalid_parameter");
  });
  it.each(["SID =A", "SID\t=A", "x=1; SID =A", " SID=A", '"SID"=A', "x=1, SID=A", "sid=A", "S%49D=A"])(
    "a cookie %j",
    (cookie) => {
      expectEndpointError(() => api("GET /me", { headers: { cookie } }), "invalid_parameter");
    },
  );

  // Past a "?" in an earlier value, inside an exploded object's keys, or percent-encoded:
  // still the credential's name to a server.
  const described = endpoint.defaults({
    baseUrl: "https://api.example",
    operations: describeOperations(
      { "GET /x": { url: "/x", params: { q: "query form+", m: "query form*+" }, security: [["qk"]] } },
      {
        securitySchemes: { qk: { type: "apiKey", in: "query", name: "api key" } },
        credentials: { qk: "OUR_SECRET" },
        servers: ["https://api.example"],
      },
    ),
  });
  it.each<[string, Record<string, unknown>]>([
    ["after a ? in a value", { q: "a?", "api key": "evil" }],
    ["after a ? in an exploded key", { m: { "a?b": "c", "api key": "evil" } }],
    ["percent-encoded in an exploded key", { m: { "api%20key": "evil" } }],
    ["percent-encoded brackets after it", { m: { "api key%5B%5D": "evil" } }],
    ["after a ; (servers that split there)", { m: { "x;api key": "evil" } }],
    ["with a dot for the space (PHP)", { m: { "api.key": "evil" } }],
    ["with an underscore for the space (PHP)", { m: { api_key: "evil" } }],
    ["with a dotless i in another case", { m: { ["ApI KEY".replace("I", "\u0131")]: "evil" } }],
    ["cut at a NUL", { m: { "api key\u0000x": "evil" } }],
    ["in brackets (qs, Rack)", { m: { "[api key]": "evil" } }],
    ["with an unclosed bracket for the space (PHP)", { m: { "api[key": "evil" } }],
    ["with brackets after it (Rack)", { m: { "api key]": "evil" } }],
  ])("a query name %s", (_what, parameters) => {
    expectEndpointError(() => described("GET /x", parameters), "invalid_parameter");
  });

  it("other names are sent beside the credential", () => {
    expect(described("GET /x", { q: "a?b", m: { "api%20keys": "x" } }).url).toBe(
      "https://api.example/x?q=a?b&api%20keys=x&api%20key=OUR_SECRET",
    );
    expect(api("GET /items", { page: 2, api_key_hint: "x" }).url).toBe(
      "https://api.example/items?page=2&api_key_hint=x&api_key=OUR_SECRET",
    );
    expect(api("GET /me", { headers: { cookie: "SIDE=1" } }).headers.cookie).toBe("SIDE=1; SID=OUR_SESSION");
  });
});
