// One table of cases for the library and the command line: each row is the same request
// written both ways. The CLI must print exactly what the library returns.
import type { EndpointOptions } from "../../src/index.js";

export interface SharedCase {
  name: string;
  argv: string[];
  route: string;
  options: EndpointOptions;
}

export const SHARED_CASES: SharedCase[] = [
  {
    name: "the README's quick start",
    argv: ["GET /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "state=open"],
    route: "GET /repos/{owner}/{repo}/issues",
    options: { owner: "octokit", repo: "rest.js", state: "open" },
  },
  {
    name: "typed parameters",
    argv: ["GET /x", "per_page:=100", "draft:=false", 'labels:=["a","b c"]', "n:=null"],
    route: "GET /x",
    options: { per_page: 100, draft: false, labels: ["a", "b c"], n: null },
  },
  {
    name: "a JSON body from typed and string items",
    argv: [
      "POST /repos/{owner}/{repo}/issues",
      "owner=o",
      "repo=r",
      "title=It's $HOME `x`",
      'labels:=["bug"]',
      'meta:={"a":{"b":[1,2]}}',
    ],
    route: "POST /repos/{owner}/{repo}/issues",
    options: { owner: "o", repo: "r", title: "It's $HOME `x`", labels: ["bug"], meta: { a: { b: [1, 2] } } },
  },
  {
    name: "values with separators keep them: the first separator decides",
    argv: ["GET /search/issues", "q=repo:octokit/rest.js is:open a=b", "X-Note:a=b:c"],
    route: "GET /search/issues",
    options: { q: "repo:octokit/rest.js is:open a=b", headers: { "X-Note": "a=b:c" } },
  },
  {
    name: "headers: set, remove a default, empty",
    argv: ["GET /user", "Authorization:token secret", "Accept:", "X-Empty;"],
    route: "GET /user",
    options: { headers: { Authorization: "token secret", Accept: null, "X-Empty": "" } },
  },
  {
    name: "--base-url",
    argv: ["GET /user", "--base-url", "https://ghe.example.com/api/v3"],
    route: "GET /user",
    options: { baseUrl: "https://ghe.example.com/api/v3" },
  },
  {
    name: "--base-url= with an empty value gives relative urls",
    argv: ["GET /user/{id}", "id=7", "--base-url="],
    route: "GET /user/{id}",
    options: { id: "7", baseUrl: "" },
  },
  {
    name: "--media-format and repeated --preview",
    argv: ["GET /x", "--media-format", "raw", "--preview", "squirrel-girl", "--preview=symmetra"],
    route: "GET /x",
    options: { mediaType: { format: "raw", previews: ["squirrel-girl", "symmetra"] } },
  },
  {
    name: "--data text",
    argv: ["POST /markdown/raw", "--data", "# Hello\nworld", "Content-Type:text/plain"],
    route: "POST /markdown/raw",
    options: { data: "# Hello\nworld", headers: { "Content-Type": "text/plain" } },
  },
  {
    name: "the uploads url",
    argv: [
      "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",
      "owner=o",
      "repo=r",
      "id:=1",
      "name=app v1.zip",
      "Content-Type:application/zip",
      "--data",
      "zip bytes",
    ],
    route: "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",
    options: {
      owner: "o",
      repo: "r",
      id: 1,
      name: "app v1.zip",
      headers: { "Content-Type": "application/zip" },
      data: "zip bytes",
    },
  },
  {
    name: "unicode and reserved characters",
    argv: [
      "PUT /repos/{owner}/{repo}/contents/{+path}",
      "owner=ünï",
      "repo=a&b",
      "path=dir/f ile#1.md",
      "message=✓ done",
    ],
    route: "PUT /repos/{owner}/{repo}/contents/{+path}",
    options: { owner: "ünï", repo: "a&b", path: "dir/f ile#1.md", message: "✓ done" },
  },
  {
    name: "PUT with no parameters has an empty body",
    argv: ["PUT /user/starred/:owner/:repo", "owner=o", "repo=r"],
    route: "PUT /user/starred/:owner/:repo",
    options: { owner: "o", repo: "r" },
  },
  {
    name: "url= and method= beside a route are parameters (a webhook's url field)",
    argv: [
      "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config",
      "owner=o",
      "repo=r",
      "hook_id:=1",
      "url=https://hook.example",
      "method=x",
    ],
    route: "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config",
    options: { owner: "o", repo: "r", hook_id: 1, url: "https://hook.example", method: "x" },
  },
  {
    name: "a bare url",
    argv: ["/rate_limit"],
    route: "/rate_limit",
    options: {},
  },
];

/** Bad input: the CLI prints one line on stderr and exits 2. */
export const BAD_INPUT: [name: string, argv: string[], stderr: RegExp][] = [
  ["no route", [], /^rest-endpoint: No route given/],
  ["an unknown flag", ["GET /x", "--bogus"], /^rest-endpoint: Unknown option "--bogus"; see --help\.\n$/],
  ["a flag without its value", ["GET /x", "--base-url"], /--base-url needs a value/],
  ["an unknown format", ["GET /x", "--format", "xml"], /Unknown format "xml": use json, curl or http/],
  ["malformed JSON after :=", ["GET /x", "n:={oops"], /The value of n:= is not valid JSON/],
  [
    "a missing path parameter",
    ["GET /repos/{owner}/{repo}", "owner=o"],
    /Missing parameter "repo" for route/,
  ],
  ["an unsupported method", ["TRACE /x"], /Unsupported method "TRACE"/],
  ["a method alone", ["GET"], /the url is missing/],
  ["an item without a separator", ["GET /x", "owner"], /Cannot read the item "owner"/],
  ["an item without a name", ["GET /x", "=v"], /Cannot read the item "=v"/],
  ["a bad header", ["GET /x", "Bad Header:x"], /Invalid header name "Bad Header"/],
  ["a missing --data file", ["POST /x", "--data", "@/nonexistent/file"], /Cannot read --data file/],
  ["data on GET", ["GET /x", "--data", "x"], /A GET request has no body/],
  ["an item that names an option", ["GET /x", "baseUrl=https://evil.example"], /use --base-url URL/],
  ["a typed item that names an option", ["POST /x", 'data:={"a":1}'], /use --data/],
  [
    "--format http with a url that does not parse",
    ["GET http://[zz]/x", "--format", "http"],
    /"http:\/\/\[zz\]\/x".*does not parse/,
  ],
  [
    "--format http with spaces after the base url",
    ["GET /x", "--base-url", "https://api.github.com  ", "--format", "http"],
    /baseUrl/,
  ],
  ["a line break in --base-url", ["GET /x", "--base-url", "https://h.example\r\nx: 1"], /Invalid baseUrl/],
  ["ESC in an unknown option", ["GET /x", "--\u001b[2J"], /Unknown option "--\\u001b\[2J"/],
  ["--format http with a host header", ["GET /x", "Host:evil.example", "--format", "http"], /"host"/],
];
