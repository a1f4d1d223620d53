// One table of cases for the library and the command line: each row is the same request
// written both ways. The CLI must print exactly what the library returns.
import { readFileSync } from "node:fs";
import type { EndpointOptions } from "../../src/index.js";

/** Files for `name=@FILE` and `name:=@FILE`, given to the binary relative to the project. */
const NOTES = "test/fixtures/cli/notes.md";
const LABELS = "test/fixtures/cli/labels.json";
const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

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
    name: "the method and the url as two arguments, as HTTPie and gh api users type them",
    argv: ["GET", "/repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js"],
    route: "GET /repos/{owner}/{repo}/issues",
    options: { owner: "octokit", repo: "rest.js" },
  },
  {
    name: "two arguments with a lowercase method and a full URL",
    argv: ["post", "https://uploads.github.com/x{?name}", "name=a.zip"],
    route: "post https://uploads.github.com/x{?name}",
    options: { name: "a.zip" },
  },
  {
    name: "a query item on a GET is the query parameter",
    argv: ["GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state==open"],
    route: "GET /repos/{owner}/{repo}/issues",
    options: { owner: "o", repo: "r", state: "open" },
  },
  {
    name: "a name given twice makes a list",
    argv: ["POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=t", "labels=bug", "labels=docs"],
    route: "POST /repos/{owner}/{repo}/issues",
    options: { owner: "o", repo: "r", title: "t", labels: ["bug", "docs"] },
  },
  {
    name: "name[]= appends to a list, with every parameter separator",
    argv: ["POST /x", "ids[]=1", "ids[]:=2", "one[]=only", `notes[]=@${NOTES}`, `sets[]:=@${LABELS}`],
    route: "POST /x",
    options: { ids: ["1", 2], one: ["only"], notes: [read(NOTES)], sets: [JSON.parse(read(LABELS))] },
  },
  {
    // On a GET, names with brackets go to the query as written, as gh sends them (habit-cases.ts).
    name: "a plain item and name[]= add to the same list",
    argv: ["POST /x", "a=1", "a[]=2"],
    route: "POST /x",
    options: { a: ["1", "2"] },
  },
  {
    name: "=@ reads a string and :=@ reads JSON from a file",
    argv: ["POST /markdown", `text=@${NOTES}`, `labels:=@${LABELS}`],
    route: "POST /markdown",
    options: { text: read(NOTES), labels: JSON.parse(read(LABELS)) },
  },
  {
    name: "a backslash makes a separator literal, in names and string values",
    argv: ["POST /x", "a\\=b=c", "text=\\@me", "k\\:v=1", "x=1\\=2", "list\\[\\]=kept", "path=C:\\dir"],
    route: "POST /x",
    options: { "a=b": "c", text: "@me", "k:v": "1", x: "1=2", "list[]": "kept", path: "C:\\dir" },
  },
  {
    name: "a JSON value keeps its own escapes",
    argv: ["POST /x", 'q:="a\\\\b\\n"'],
    route: "POST /x",
    options: { q: "a\\b\n" },
  },
  {
    name: "-- ends the options: a name that starts with - is an item",
    argv: ["POST /x", "--", "--weird=1", "-n=2"],
    route: "POST /x",
    options: { "--weird": "1", "-n": "2" },
  },
  {
    name: "--data text is labelled text/plain",
    argv: ["POST /markdown/raw", "--data", "# Hello"],
    route: "POST /markdown/raw",
    options: { data: "# Hello", headers: { "content-type": "text/plain; charset=utf-8" } },
  },
  {
    name: "Content-Type: with --data: the body is still labelled as what it is",
    argv: ["POST /x", "--data", "hello", "Content-Type:"],
    route: "POST /x",
    options: {
      data: "hello",
      headers: { "Content-Type": null, "content-type": "text/plain; charset=utf-8" },
    },
  },
  {
    name: "--data that parses as JSON is labelled JSON",
    argv: ["POST /x", "--data", '{"a":1}'],
    route: "POST /x",
    options: { data: '{"a":1}', headers: { "content-type": "application/json; charset=utf-8" } },
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
  [
    "an unknown flag",
    ["GET /x", "--bogus"],
    /^rest-endpoint: Unknown option "--bogus"; see --help \(after -- every argument is the route or an item\)\.\n$/,
  ],
  ["an unknown short flag", ["GET /x", "-x"], /Unknown option "-x"/],
  ["a flag without its value", ["GET /x", "--base-url"], /--base-url needs a value/],
  ["an unknown format", ["GET /x", "--format", "xml"], /Unknown format "xml": use json, curl or http/],
  ["malformed JSON after :=", ["GET /x", "n:={oops"], /The value of n:= is not valid JSON/],
  [
    "a missing path parameter",
    ["GET /repos/{owner}/{repo}", "owner=o"],
    /Missing parameter "repo" for route/,
  ],
  ["an unsupported method", ["TRACE /x"], /Unsupported method "TRACE"/],
  // Missing is told apart from unsupported: -X "" is no method, never a GET.
  ["-X with no method", ["-X", "", "/x"], /-X \(--method\) needs a method/],
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
  ["a method without its url", ["GET", "owner=x"], /The method GET must be followed by the url/],
  [
    "a name as a parameter and a query parameter",
    ["GET /x", "a=1", "a==2"],
    /"a" is given both as a parameter/,
  ],
  [
    "a missing =@ file",
    ["POST /x", "t=@/nonexistent/file"],
    /Cannot read the file of t=@ "\/nonexistent\/file"/,
  ],
  [
    "a :=@ file that is not JSON",
    ["POST /x", `t:=@${NOTES}`],
    /The value of the file of t:=@ is not valid JSON/,
  ],
  ["an =@ file that is not UTF-8", ["POST /x", "t=@test/fixtures/cli/bytes.bin"], /is not UTF-8 text/],
  ["an item with an empty name before []", ["POST /x", "[]=a"], /Cannot read the item "\[\]=a"/],
  // -i and --token-env now send, as gh's flags do (test/cli/send-request.test.ts).
  ["--slurp without --paginate", ["GET /x", "--slurp"], /--slurp is used with --paginate only/],
  ["a typo of a flag", ["GET /x", "--sned"], /Unknown option "--sned"; did you mean --send\?/],
  ["curl's -d", ["POST /x", "-d", "x"], /Unknown option "-d"; here, use --data TEXT/],
  ["HTTPie's --auth", ["GET /x", "--auth", "u:p"], /here, use --token-env NAME/],
  ["a -f field without =", ["POST /x", "-f", "title"], /--raw-field takes key=value/],
  [
    "HTTPie's -f (--form) before a url: the hint names the form to send",
    ["-f", ":8080/x", "a=b"],
    /got ":8080\/x": -f is gh's raw field here; HTTPie's --form is not supported: send a form as --data 'a=b' Content-Type:application\/x-www-form-urlencoded\.\n$/,
  ],
  ["a -f field that is no method or url gets no form hint", ["POST /x", "-f", "title"], /got "title"\.\n$/],
  ["a -H header without a colon", ["GET /x", "-H", "Accept"], /-H takes 'Name: value'/],
  ["-X beside a route's own method", ["GET /x", "-X", "POST"], /names the method GET and -X POST/],
  [
    "a missing path parameter, told as the item to type",
    ["GET /repos/{owner}/{repo}", "owner=o"],
    /add the item repo=\.\.\./,
  ],
  ["a nested item under a value", ["POST /x", "a=1", "a[b]=2"], /nests inside a/],
  ["--send with --format", ["GET /x", "--send", "--format", "curl"], /use one of them/],
  [
    "--token-env and an Authorization item",
    ["GET /x", "--send", "--token-env", "T", "Authorization:token x"],
    /either an Authorization item or --token-env/,
  ],
];
