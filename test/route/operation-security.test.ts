// Security schemes (issue 23, 7): credentials given once, through the generated module's
// `withCredentials`, are sent on exactly the operations whose security asks for them, as each
// scheme says, and only to the description's servers. Scalar Galaxy's description (MIT) has
// every kind: http bearer and basic, apiKey in a header, the query and a cookie, OAuth 2.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateOperations, readDescription } from "../../src/generate/index.js";
import { describeOperations, endpoint } from "../../src/index.js";
import { expectEndpointError } from "../helpers.js";

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
    readFileSync(new URL("../../node_modules/@scalar/galaxy/dist/3.1.json", import.meta.url), "utf8"),
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
});
