// enterpriseServer: a GitHub Enterprise Server's host as the defaults of a builder, and every
// other host refused.
import { describe, expect, it } from "vitest";
import { endpoint, enterpriseServer } from "../../src/index.js";
import { expectEndpointError } from "../helpers.js";

describe("enterpriseServer(host)", () => {
  it.each([
    ["github.example.com", "https://github.example.com/api/v3", "https://github.example.com/api/uploads"],
    ["ghe.corp:8443", "https://ghe.corp:8443/api/v3", "https://ghe.corp:8443/api/uploads"],
    ["10.0.0.5", "https://10.0.0.5/api/v3", "https://10.0.0.5/api/uploads"],
  ])("%s", (host, baseUrl, uploadsUrl) => {
    const server = enterpriseServer(host);
    expect(server.baseUrl).toBe(baseUrl);
    expect(server.uploadsUrl).toBe(uploadsUrl);
    // Only baseUrl is an option: given to defaults as it is, uploadsUrl is no parameter.
    expect(Object.keys(server)).toStrictEqual(["baseUrl"]);
    // A route of GitHub's takes only its parameters when typed: this one is read as a string.
    const route: string = "GET /user";
    expect(endpoint.defaults(server)(route, { a: 1 }).url).toBe(`${baseUrl}/user?a=1`);
  });

  it.each([
    "https://github.example.com",
    "github.example.com/api",
    "user@github.example.com",
    "github example.com",
    "github.example.com\r\nx",
    "-bad.example",
    "bad-.example",
    "a..b",
    "host:0",
    "host:65536",
    "host:",
    "",
    "é.example",
    "[::1]",
  ])("%j is invalid_base_url", (host) => {
    expectEndpointError(() => enterpriseServer(host), "invalid_base_url");
  });
});
