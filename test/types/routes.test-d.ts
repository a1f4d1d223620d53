// Typed routes, checked by compiling (tsc -p test/types, with TypeScript 7 and 5.9) against
// the built package. Each @ts-expect-error line must be an error, or the compile fails.
import { type Endpoint, endpoint, type RequestOptions } from "rest-endpoint";

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

// 2. GitHub's routes: query and body parameters from the API description.
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open", per_page: 100 });
// @ts-expect-error: state is "open" | "closed" | "all"
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "opened" });
// @ts-expect-error: per_page is a number
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "100" });
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug", labels: ["a"] });
// @ts-expect-error: title is required by the API
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "no title" });
endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", custom: 1 });
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
// undefined leaves the default in place.
repo("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1, owner: undefined });
// @ts-expect-error: a defaulted path parameter is still a string, number or bigint
repo("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1, owner: true });
const further = repo.defaults({ issue_number: 1 });
further("GET /repos/{owner}/{repo}/issues/{issue_number}");
const plain: Endpoint = endpoint;
plain("GET /x");

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

export { anyRoute, body };
