// GitHub's own route shapes, with the request options each must give.
import { describe, expect, it } from "vitest";
import { type EndpointOptions, endpoint, type RequestOptions } from "../../src/index.js";
import { DEFAULT_HEADERS } from "../helpers.js";

const JSON_HEADERS = { ...DEFAULT_HEADERS, "content-type": "application/json; charset=utf-8" };

describe("GitHub routes", () => {
  it.each<[string, EndpointOptions, RequestOptions]>([
    [
      "GET /repos/{owner}/{repo}/issues",
      { owner: "octokit", repo: "rest.js", state: "open", labels: ["bug", "help wanted"], per_page: 100 },
      {
        method: "get",
        url: "https://api.github.com/repos/octokit/rest.js/issues?state=open&labels=bug,help%20wanted&per_page=100",
        headers: DEFAULT_HEADERS,
      },
    ],
    [
      "GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships",
      { enterprise: "acme", "enterprise-team": "core devs" },
      {
        method: "get",
        url: "https://api.github.com/enterprises/acme/teams/core%20devs/memberships",
        headers: DEFAULT_HEADERS,
      },
    ],
    [
      "GET /repos/{owner}/{repo}/compare/{basehead}",
      { owner: "o", repo: "r", basehead: "main...feature/x" },
      {
        method: "get",
        url: "https://api.github.com/repos/o/r/compare/main...feature%2Fx",
        headers: DEFAULT_HEADERS,
      },
    ],
    [
      "GET /repos/{owner}/{repo}/compare/{base}...{head}",
      { owner: "o", repo: "r", base: "v1.0.0", head: "user:branch" },
      {
        method: "get",
        url: "https://api.github.com/repos/o/r/compare/v1.0.0...user%3Abranch",
        headers: DEFAULT_HEADERS,
      },
    ],
    [
      "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
      {
        owner: "o",
        repo: "r",
        release_id: 1,
        name: "app v1.zip",
        label: "App (macOS)",
        data: "<bytes>",
        headers: { "content-type": "application/zip", "content-length": 7 },
      },
      {
        method: "post",
        url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=app%20v1.zip&label=App%20%28macOS%29",
        headers: { ...DEFAULT_HEADERS, "content-type": "application/zip", "content-length": "7" },
        body: "<bytes>",
      },
    ],
    [
      "GET /repos/{owner}/{repo}/contents/{path}",
      { owner: "o", repo: "r", path: "docs/README.md", ref: "main" },
      {
        method: "get",
        url: "https://api.github.com/repos/o/r/contents/docs%2FREADME.md?ref=main",
        headers: DEFAULT_HEADERS,
      },
    ],
    [
      "GET /repos/{owner}/{repo}/git/ref/{ref}",
      { owner: "o", repo: "r", ref: "heads/feature" },
      {
        method: "get",
        url: "https://api.github.com/repos/o/r/git/ref/heads%2Ffeature",
        headers: DEFAULT_HEADERS,
      },
    ],
    [
      "POST /repos/{owner}/{repo}/issues",
      {
        owner: "o",
        repo: "r",
        title: "Found a bug",
        body: "It breaks",
        assignees: ["octocat"],
        milestone: null,
      },
      {
        method: "post",
        url: "https://api.github.com/repos/o/r/issues",
        headers: JSON_HEADERS,
        body: { title: "Found a bug", body: "It breaks", assignees: ["octocat"], milestone: null },
      },
    ],
    [
      "PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge",
      { owner: "o", repo: "r", pull_number: 42 },
      {
        method: "put",
        url: "https://api.github.com/repos/o/r/pulls/42/merge",
        headers: DEFAULT_HEADERS,
        body: "",
      },
    ],
    [
      // Beside a route, url is a parameter: GitHub's webhook configs take it in the body.
      "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config",
      { owner: "o", repo: "r", hook_id: 1, url: "https://hook.example", content_type: "json" },
      {
        method: "patch",
        url: "https://api.github.com/repos/o/r/hooks/1/config",
        headers: JSON_HEADERS,
        body: { url: "https://hook.example", content_type: "json" },
      },
    ],
    [
      "POST /orgs/{org}/private-registries",
      { org: "o", registry_type: "npm_registry", url: "https://npm.example.com", visibility: "all" },
      {
        method: "post",
        url: "https://api.github.com/orgs/o/private-registries",
        headers: JSON_HEADERS,
        body: { registry_type: "npm_registry", url: "https://npm.example.com", visibility: "all" },
      },
    ],
    [
      "DELETE /repos/{owner}/{repo}",
      { owner: "o", repo: "r" },
      { method: "delete", url: "https://api.github.com/repos/o/r", headers: DEFAULT_HEADERS },
    ],
    [
      "POST /markdown/raw",
      { data: "# Hello", headers: { "content-type": "text/plain; charset=utf-8" } },
      {
        method: "post",
        url: "https://api.github.com/markdown/raw",
        headers: { ...DEFAULT_HEADERS, "content-type": "text/plain; charset=utf-8" },
        body: "# Hello",
      },
    ],
    [
      "GET /search/issues",
      { q: "repo:octokit/rest.js is:issue label:bug+fix", sort: "created" },
      {
        method: "get",
        url: "https://api.github.com/search/issues?q=repo%3Aoctokit%2Frest.js%20is%3Aissue%20label%3Abug%2Bfix&sort=created",
        headers: DEFAULT_HEADERS,
      },
    ],
    [
      "GET /repos/{owner}/{repo}/commits/{ref}",
      { owner: "o", repo: "r", ref: "abc", mediaType: { format: "diff" } },
      {
        method: "get",
        url: "https://api.github.com/repos/o/r/commits/abc",
        headers: { ...DEFAULT_HEADERS, accept: "application/vnd.github.v3.diff" },
      },
    ],
    [
      "GET /user/repos",
      {
        baseUrl: "https://ghe.example.com/api/v3",
        headers: { authorization: "token secret" },
        type: "owner",
      },
      {
        method: "get",
        url: "https://ghe.example.com/api/v3/user/repos?type=owner",
        headers: { ...DEFAULT_HEADERS, authorization: "token secret" },
      },
    ],
  ])("%s", (route, options, expected) => {
    expect(endpoint(route, options)).toStrictEqual(expected);
  });
});
