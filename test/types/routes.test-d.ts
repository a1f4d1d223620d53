// Typed routes, checked by compiling (tsc -p test/types, with TypeScript 7 and 5.9) against
// the built package. Each @ts-expect-error line must be an error, or the compile fails.
import {
  type Endpoint,
  type ErrorResponseFor,
  endpoint,
  type Method,
  type RequestMethod,
  type RequestOptions,
  type ResponseFor,
} from "rest-endpoint";
import { paginate, ResponseError, sender } from "rest-endpoint/adapters";
import type { GitHubResponses, GitHubSchemas } from "rest-endpoint/github";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;

// 1. Any route literal: {name}, {+name} and :name are required; operators give optional keys.
endpoint("GET /things/{a}/{b}", { a: 1, b: "x" });
// @ts-expect-error: b is missing
endpoint("GET /things/{a}/{b}", { a: 1 });
// @ts-expect-error: a route with required parameters needs options
endpoint("GET /things/{a}");
endpoint("GET /files/{+path}", { path: "a/b.md" });
// @ts-expect-error: path is missing
endpoint("GET /files/{+path}", {});
endpoint("GET /orgs/:org/teams", { org: "o" });
// @ts-expect-error: org is missing
endpoint("GET /orgs/:org/teams", { team: "t" });
// Long routes (60 placeholders) stay checkable: the route types recurse as loops.
const LONG =
  "GET /{p0}/{p1}/{p2}/{p3}/{p4}/{p5}/{p6}/{p7}/{p8}/{p9}/{p10}/{p11}/{p12}/{p13}/{p14}/{p15}/{p16}/{p17}/{p18}/{p19}/{p20}/{p21}/{p22}/{p23}/{p24}/{p25}/{p26}/{p27}/{p28}/{p29}/{p30}/{p31}/{p32}/{p33}/{p34}/{p35}/{p36}/{p37}/{p38}/{p39}/{p40}/{p41}/{p42}/{p43}/{p44}/{p45}/{p46}/{p47}/{p48}/{p49}/{p50}/{p51}/{p52}/{p53}/{p54}/{p55}/{p56}/{p57}/{p58}/{p59}";
const LONG_COLON =
  "GET /:p0/:p1/:p2/:p3/:p4/:p5/:p6/:p7/:p8/:p9/:p10/:p11/:p12/:p13/:p14/:p15/:p16/:p17/:p18/:p19/:p20/:p21/:p22/:p23/:p24/:p25/:p26/:p27/:p28/:p29/:p30/:p31/:p32/:p33/:p34/:p35/:p36/:p37/:p38/:p39/:p40/:p41/:p42/:p43/:p44/:p45/:p46/:p47/:p48/:p49/:p50/:p51/:p52/:p53/:p54/:p55/:p56/:p57/:p58/:p59";
// biome-ignore format: one line, so that the options read at a glance
const long = { p0: 1, p1: 1, p2: 1, p3: 1, p4: 1, p5: 1, p6: 1, p7: 1, p8: 1, p9: 1, p10: 1, p11: 1, p12: 1, p13: 1, p14: 1, p15: 1, p16: 1, p17: 1, p18: 1, p19: 1, p20: 1, p21: 1, p22: 1, p23: 1, p24: 1, p25: 1, p26: 1, p27: 1, p28: 1, p29: 1, p30: 1, p31: 1, p32: 1, p33: 1, p34: 1, p35: 1, p36: 1, p37: 1, p38: 1, p39: 1, p40: 1, p41: 1, p42: 1, p43: 1, p44: 1, p45: 1, p46: 1, p47: 1, p48: 1, p49: 1, p50: 1, p51: 1, p52: 1, p53: 1, p54: 1, p55: 1, p56: 1, p57: 1, p58: 1, p59: 1 };
endpoint(LONG, long);
endpoint(LONG_COLON, long);
// @ts-expect-error: p1 to p59 are missing
endpoint(LONG, { p0: 1 });
// :name ends at the first character that cannot be in a name, and needs a letter or _ first.
endpoint("GET /v1/:job:cancel", { job: 1 });
// @ts-expect-error: job is missing
endpoint("GET /v1/:job:cancel", { job_id: 1 });
endpoint("GET /x/:a~b/:c_1.json", { a: 1, c_1: 2 });
// @ts-expect-error: c_1 is missing
endpoint("GET /x/:a~b/:c_1.json", { a: 1, c: 2 });
endpoint("GET /ports/:8080");
endpoint("GET /search{?q,page}");
endpoint("GET /search{?q,page}", { q: "x", page: 2 });
endpoint("GET /list{/parts*}{.ext}", { parts: ["a", "b"] });
endpoint("GET /n/{id}", { id: 10n });
// @ts-expect-error: a path value is a string, number or bigint
endpoint("GET /n/{id}", { id: { a: 1 } });
// Extra keys are parameters too (query or body); option keys are typed.
endpoint("POST /things/{a}", { a: 1, title: "t", mediaType: { format: "raw" }, headers: { "x-a": "1" } });
// @ts-expect-error: baseUrl is a string
endpoint("GET /x", { baseUrl: 1 });
// Beside a route, method and url are parameters like any other: any value, the route decides.
endpoint("GET /x", { method: "DELETE", url: "https://elsewhere.example" });
endpoint("POST /x", { method: 1, url: ["a"] });
endpoint("GET /search{?url}", { url: ["a", "b"] });
// @ts-expect-error: a url named in the route is a template value like any other: no nested maps
endpoint("GET /search{?url}", { url: { a: { b: 1 } } });
// Without a route they are the request's own method and url, typed.
endpoint({ method: "POST", url: "/x", title: "t" });
// @ts-expect-error: url is a string
endpoint({ url: 1 });
// @ts-expect-error: method is a string
endpoint({ method: 1, url: "/x" });

// 2. GitHub's routes: query and body parameters from the API description.
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", per_page: 100 });
// @ts-expect-error: state is "open" | "closed" | "all"
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "opened" });
// @ts-expect-error: per_page is a number
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "100" });
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug", labels: ["a"] });
// @ts-expect-error: title is required by the API
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "no title" });
// On a route the API describes, a key it does not name is a mistake; data is the escape hatch.
// @ts-expect-error: custom is no parameter of this route
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", custom: 1 });
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", data: { title: "t", custom: 1 } });
// Beside a route, url and method are parameters: GitHub's body fields named url are typed as such.
endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
  owner: "o",
  repo: "r",
  hook_id: 1,
  url: "https://hook.example",
});
endpoint("PATCH /orgs/{org}/hooks/{hook_id}/config", { org: "o", hook_id: 1, url: "https://hook.example" });
endpoint("PATCH /app/hook/config", { url: "https://hook.example", content_type: "json" });
const registry = { registry_type: "npm_registry", visibility: "all" } as const;
endpoint("POST /orgs/{org}/private-registries", { org: "o", ...registry, url: "https://npm.example.com" });
endpoint("PATCH /orgs/{org}/private-registries/{secret_name}", {
  org: "o",
  secret_name: "NPM_TOKEN",
  url: "https://npm.example.com",
});
// @ts-expect-error: the hook's url is a string
endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { owner: "o", repo: "r", hook_id: 1, url: 1 });
// @ts-expect-error: url is required by the API (without data)
endpoint("POST /orgs/{org}/private-registries", { org: "o", ...registry });
// @ts-expect-error: the registry's url is a string
endpoint("PATCH /orgs/{org}/private-registries/{secret_name}", { org: "o", secret_name: "S", url: null });
// The body can still come whole as data, typed where the map knows it: with a field named url...
endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
  owner: "o",
  repo: "r",
  hook_id: 1,
  data: { url: "https://example.com/hook", content_type: "json" },
});
endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
  owner: "o",
  repo: "r",
  hook_id: 1,
  // @ts-expect-error: the hook's url is a string
  data: { url: 1 },
});
endpoint("POST /orgs/{org}/private-registries", {
  org: "o",
  data: { registry_type: "npm_registry", url: "https://npm.example.com", visibility: "all" },
});
// @ts-expect-error: data holds the whole body, url included
endpoint("POST /orgs/{org}/private-registries", { org: "o", data: registry });
// ...or a JSON body the description gives several shapes.
endpoint("PUT /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts", {
  owner: "o",
  repo: "r",
  branch: "main",
  data: { contexts: ["ci"] },
});
endpoint("PUT /repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks/contexts", {
  owner: "o",
  repo: "r",
  branch: "main",
  // @ts-expect-error: contexts is a list of strings
  data: { contexts: "ci" },
});
// Other bodies go as they are: data stays unknown where the map has no type for it.
endpoint("POST /markdown/raw", { data: "# Hello", headers: { "content-type": "text/plain" } });
// data replaces the body the parameters would make, so required body fields are then not needed.
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", data: new Uint8Array(1) });
// @ts-expect-error: without data, title is required; path parameters always are
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
// @ts-expect-error: repo is required even with data
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", data: { title: "t" } });
// @ts-expect-error: a body field keeps its type
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", assignees: [1] });
// undefined means "not given": an optional parameter takes it, even with exactOptionalPropertyTypes.
declare const maybeState: "open" | undefined;
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: maybeState, since: undefined });
endpoint("GET /things{?q}", { q: undefined });
// @ts-expect-error: a required parameter may not be undefined
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: undefined });
// Unknown routes fall back to reading the literal, never to any.
// @ts-expect-error: x is missing
endpoint("GET /not/a/github/route/{x}", {});

// 3. Defaults: parameters set by defaults become optional in the derived builder.
const repo = endpoint.defaults({ owner: "octokit", repo: "rest.js" });
repo("GET /repos/{owner}/{repo}/issues");
repo("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1 });
// @ts-expect-error: issue_number is not a default
repo("GET /repos/{owner}/{repo}/issues/{issue_number}");
repo("POST /repos/{owner}/{repo}/issues", { title: "t" });
repo("POST /repos/{owner}/{repo}/issues", { data: { title: "t" } });
// @ts-expect-error: title or data is still needed
repo("POST /repos/{owner}/{repo}/issues", {});
// @ts-expect-error: options are needed
repo("POST /repos/{owner}/{repo}/issues");
// @ts-expect-error: a body field keeps its type through defaults
repo("POST /repos/{owner}/{repo}/issues", { title: "t", assignees: [1] });
const titled = endpoint.defaults({ owner: "o", repo: "r", title: "t" });
titled("POST /repos/{owner}/{repo}/issues");
// undefined leaves the default in place.
repo("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1, owner: undefined });
// @ts-expect-error: a defaulted path parameter is still a string, number or bigint
repo("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1, owner: true });
const further = repo.defaults({ issue_number: 1 });
further("GET /repos/{owner}/{repo}/issues/{issue_number}");
const plain: Endpoint = endpoint;
plain("GET /x");
// defaults and merge with a route: method and url are parameters; without one, options.
const hooks = endpoint.defaults("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
  owner: "o",
  repo: "r",
  url: "https://hook.example",
  method: 1,
});
hooks("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { hook_id: 1 });
const registries = endpoint.defaults("POST /orgs/{org}/private-registries", {
  url: "https://npm.example.com",
});
registries("POST /orgs/{org}/private-registries", { org: "o", ...registry });
const moved = endpoint.defaults({ method: "POST", url: "https://npm.example.com" });
// @ts-expect-error: the defaults' url is the request's url, not the registry's: url is still needed
moved("POST /orgs/{org}/private-registries", { org: "o", ...registry });
// @ts-expect-error: without a route, url is a string
endpoint.defaults({ url: 1 });
// @ts-expect-error: beside a route, baseUrl is still an option: a string
endpoint.defaults("GET /x", { baseUrl: 1 });
endpoint.merge("GET /x", { method: "DELETE", url: 1 });
endpoint.merge({ method: "POST", url: "/x" });
// @ts-expect-error: without a route, method is a string
endpoint.merge({ method: 1 });
// @ts-expect-error: beside a route, headers are still an option
endpoint.merge("GET /x", { headers: 1 });

// 4. Results: a lowercase method of the route, and a body only where one can be.
const get = endpoint("GET /x");
assert<Equal<typeof get.method, "get">>();
// @ts-expect-error: a GET result has no body
get.body;
const post = endpoint("POST /x", { a: 1 });
assert<Equal<typeof post.method, "post">>();
const body: unknown = post.body;
const bare = endpoint("/rate_limit");
assert<Equal<typeof bare.method, "get">>();
const anyRoute: RequestOptions = endpoint(String("GET /x") as string, { q: 1 });
const anyRouteResult = endpoint(String("GET /x") as string, { q: 1, method: 2 });
assert<Equal<typeof anyRouteResult, RequestOptions>>();
// method in the options is a parameter: the result keeps the route's.
const withMethod = endpoint("GET /x", { method: "DELETE" });
assert<Equal<typeof withMethod.method, "get">>();
// @ts-expect-error: still a GET result, with no body
withMethod.body;
const hookConfig = endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
  owner: "o",
  repo: "r",
  hook_id: 1,
  url: "https://hook.example",
  // @ts-expect-error: method is no parameter of this route (at run time it would be one)
  method: "GET",
});
assert<Equal<typeof hookConfig.method, "patch">>();

// The methods come from the one table (src/shared/http.ts): OPTIONS has a body, as POST has.
assert<Equal<Method, "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE">>();
assert<Equal<RequestMethod, "get" | "head" | "options" | "post" | "put" | "patch" | "delete">>();
const proxy = endpoint("OPTIONS /api/v1/namespaces/{namespace}/services/{name}/proxy", {
  namespace: "n",
  name: "s",
  path: "a/b",
});
assert<Equal<typeof proxy.method, "options">>();
assert<Equal<typeof proxy.body, unknown>>();
// @ts-expect-error: name is missing, as on any route
endpoint("OPTIONS /api/v1/namespaces/{namespace}/services/{name}/proxy", { namespace: "n" });
const lowerOptions = endpoint("options /x");
assert<Equal<typeof lowerOptions.method, "options">>();
const head = endpoint("HEAD /x");
// @ts-expect-error: a HEAD result has no body
head.body;

// 5. GitHub's responses, from its description: the 2xx bodies by route, and the error bodies.
type Repo = ResponseFor<GitHubResponses, "GET /repos/{owner}/{repo}">;
assert<Equal<Repo, GitHubSchemas["full-repository"]>>();
assert<Equal<Repo["full_name"], string>>();
assert<Equal<Repo["owner"]["login"], string>>();
// A list, its items named schemas: what `paginate` would yield page after page.
type Issues = ResponseFor<GitHubResponses, "GET /repos/{owner}/{repo}/issues">;
assert<Equal<Issues, GitHubSchemas["issue"][]>>();
// A 204 without content is undefined.
assert<Equal<ResponseFor<GitHubResponses, "DELETE /repos/{owner}/{repo}">, undefined>>();
type RepoError = ErrorResponseFor<GitHubResponses, "GET /repos/{owner}/{repo}">;
assert<Equal<RepoError, GitHubSchemas["basic-error"]>>();
// paginate<Body> types each page's json(); without it, pages are plain Responses.
export async function issueNumbers(request: RequestOptions): Promise<number[]> {
  const numbers: number[] = [];
  for await (const page of paginate<Issues>(request)) {
    const issues = await page.json();
    assert<Equal<typeof issues, GitHubSchemas["issue"][]>>();
    for (const issue of issues) numbers.push(issue.number);
  }
  for await (const page of paginate(request)) assert<Equal<typeof page, Response>>();
  return numbers;
}
// @ts-expect-error: a misspelt route is no key of the responses
export type NoSuchGitHubRoute = ResponseFor<GitHubResponses, "GET /repos/{owner}/{repos}">;
// Every route of the map has its responses, and no other route has any.
assert<Equal<keyof GitHubResponses, keyof import("rest-endpoint").GitHubRoutes>>();

// 6. A sender typed by GitHub's responses: data by the route the options were built from.
const github = sender<GitHubResponses>();
export async function sentRepo(): Promise<string> {
  const { data, error, response } = await github(
    endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }),
  );
  assert<Equal<typeof response, Response>>();
  if (error !== undefined) {
    assert<Equal<typeof error, GitHubSchemas["basic-error"]>>();
    return error.message ?? "";
  }
  assert<Equal<typeof data, GitHubSchemas["full-repository"]>>();
  // @ts-expect-error: a repository's name is full_name, not fullName
  void data.fullName;
  // @ts-expect-error: the body of this route is a repository, not a number
  const wrong: number = data;
  void wrong;
  return data.full_name;
}
// A route with a 304, which has no content: its error may be undefined, so a check of error
// alone leaves data possibly undefined too.
export async function sentEmojis(): Promise<void> {
  const sent = await github(endpoint("GET /emojis"));
  assert<Equal<typeof sent.error, undefined>>();
  if (sent.error === undefined) assert<Equal<typeof sent.data, { [key: string]: string } | undefined>>();
  if (sent.response.ok) void sent.data;
}
// Bare paths and any case are the map's routes too; a 204 route's data is undefined.
export async function sentOther(): Promise<void> {
  const { data } = await github(endpoint("/user"));
  assert<Equal<typeof data, GitHubResponses["GET /user"]["200"] | undefined>>();
  const deleted = await github(endpoint("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
  assert<Equal<typeof deleted.data, undefined>>();
  // A route the map does not know, or options built without a route: unknown.
  const unknownRoute = await github(endpoint("GET /not/github"));
  assert<Equal<typeof unknownRoute.data, unknown>>();
  const noRoute = await github(endpoint({ method: "GET", url: "/user" }));
  assert<Equal<typeof noRoute.data, unknown>>();
}
// Throwing on a status: data is the success body alone, and the error is a ResponseError.
const strict = sender<GitHubResponses>({ throwOnStatus: true });
export async function strictIssues(): Promise<number[]> {
  try {
    const { data } = await strict(endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }));
    assert<Equal<typeof data, GitHubSchemas["issue"][]>>();
    return data.map((issue) => issue.number);
  } catch (error) {
    if (error instanceof ResponseError) assert<Equal<typeof error.status, number>>();
    throw error;
  }
}
// Without Responses, bodies are unknown.
export async function untyped(): Promise<void> {
  const { data } = await sender()(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
  assert<Equal<typeof data, unknown>>();
}

export { anyRoute, body };
