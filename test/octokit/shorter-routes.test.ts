// An empty value for a route's last path parameter: rest-endpoint drops the `/` it leaves at
// the end of the path (SPEC section 4 step 5), so `DELETE …/labels/{name}` with `name: ""` would
// send `DELETE …/labels`, GitHub's "remove all labels". The drop-in refuses an empty last
// parameter when the shortened route is another operation of GitHub's REST API (the list in
// packages/octokit/src/shorter-routes.js, recomputed here from data/github-routes.json), and
// keeps octokit's shorter url everywhere else (the contents root, routes that are not GitHub's).
import { readFileSync } from "node:fs";
import { EndpointError } from "rest-endpoint";
import { endpoint } from "rest-endpoint-octokit";
import { afterAll, describe, expect, test } from "vitest";
import { loadStack, startServer } from "../octokit-stack/stack.js";

// The list is the drop-in's own file, not an export (it has no types of its own).
const listFile = new URL("../../packages/octokit/src/shorter-routes.js", import.meta.url).href;
const { SHORTER_ROUTES } = (await import(listFile)) as { SHORTER_ROUTES: Readonly<Record<string, string>> };

const REMOVE_LABEL = "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}";
const REMOVE_ALL_LABELS = "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels";
const RUNNER_LABEL = "DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}/labels/{name}";
const issue = { owner: "o", repo: "r", issue_number: 1 };
const runner = { owner: "o", repo: "r", runner_id: 7 };

/** Each is refused: [route, parameters, the empty parameter, the other operation's route]. */
const refused: [string, Record<string, unknown>, string, string][] = [
  [REMOVE_LABEL, { ...issue, name: "" }, "name", REMOVE_ALL_LABELS],
  [REMOVE_LABEL, { ...issue, name: [] }, "name", REMOVE_ALL_LABELS],
  [REMOVE_LABEL, { ...issue, name: {} }, "name", REMOVE_ALL_LABELS],
  [REMOVE_LABEL, { ...issue, name: [""] }, "name", REMOVE_ALL_LABELS],
  [REMOVE_LABEL, { ...issue, name: [null] }, "name", REMOVE_ALL_LABELS],
  [REMOVE_LABEL, { ...issue, name: { a: null } }, "name", REMOVE_ALL_LABELS],
  [
    "DELETE /repos/:owner/:repo/issues/:issue_number/labels/:name",
    { ...issue, name: "" },
    "name",
    REMOVE_ALL_LABELS,
  ],
  [
    "DELETE /repos/{o}/{r}/issues/{n}/labels/{label}",
    { o: "o", r: "r", n: 1, label: "" },
    "label",
    REMOVE_ALL_LABELS,
  ],
  [
    "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{+name}",
    { ...issue, name: "" },
    "name",
    REMOVE_ALL_LABELS,
  ],
  [
    "delete /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}",
    { ...issue, name: "" },
    "name",
    REMOVE_ALL_LABELS,
  ],
  // A parameter named like a request option is kept under $params by merge.
  [
    "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{method}",
    { ...issue, method: "" },
    "method",
    REMOVE_ALL_LABELS,
  ],
  [
    "DELETE https://api.github.com/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}",
    { ...issue, name: "" },
    "name",
    REMOVE_ALL_LABELS,
  ],
  [
    RUNNER_LABEL,
    { ...runner, name: "" },
    "name",
    "DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}/labels",
  ],
  [
    RUNNER_LABEL,
    { ...runner, name: [] },
    "name",
    "DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}/labels",
  ],
  // A query template or a literal query after the last segment.
  ["GET /users/{username}{?since}", { username: "", since: 1 }, "username", "GET /users"],
  [
    "GET /repos/{owner}/{repo}/issues/{issue_number}?a=1",
    { ...issue, issue_number: "" },
    "issue_number",
    "GET /repos/{owner}/{repo}/issues",
  ],
  ["GET /user/{account_id}", { account_id: "" }, "account_id", "GET /user"],
  ["GET /gists/{gist_id}/{sha}", { gist_id: "g", sha: "" }, "sha", "GET /gists/{gist_id}"],
  // Routes octokit still has and GitHub's current description dropped (team discussions).
  [
    "GET /orgs/{org}/teams/{team_slug}/discussions/{discussion_number}",
    { org: "o", team_slug: "t", discussion_number: "" },
    "discussion_number",
    "GET /orgs/{org}/teams/{team_slug}/discussions",
  ],
  // A name with "-", as GitHub's routes have; and two expressions that both expand to nothing.
  [
    "GET /enterprises/{enterprise}/teams/{enterprise-team}",
    { enterprise: "e", "enterprise-team": "" },
    "enterprise-team",
    "GET /enterprises/{enterprise}/teams",
  ],
  [
    "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{a}{b}",
    { ...issue, a: "", b: [] },
    "a",
    REMOVE_ALL_LABELS,
  ],
  // On any baseUrl: a GitHub Enterprise Server, or a server that is not GitHub's.
  [REMOVE_LABEL, { ...issue, name: "", baseUrl: "https://ghe.example/api/v3" }, "name", REMOVE_ALL_LABELS],
  [REMOVE_LABEL, { ...issue, name: "", baseUrl: "http://127.0.0.1:9" }, "name", REMOVE_ALL_LABELS],
];

/** Each keeps octokit's url: [route, parameters, the url sent]. */
const kept: [string, Record<string, unknown>, string][] = [
  ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" }, "/repos/o/r/contents"],
  ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: [] }, "/repos/o/r/contents"],
  [
    "PUT /repos/{owner}/{repo}/contents/{path}",
    { owner: "o", repo: "r", path: "", message: "m" },
    "/repos/o/r/contents",
  ],
  ["GET /repos/{owner}/{repo}/readme/{dir}", { owner: "o", repo: "r", dir: "" }, "/repos/o/r/readme"],
  ["GET /a/{x}{?q}", { x: "", q: 1 }, "/a?q=1"],
  ["GET /a/{x}", { x: [] }, "/a"],
  // The same path with another method is not a GitHub route ending there (POST …/labels is
  // addLabels, but no POST route ends in …/labels/{name}).
  [
    "POST /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}",
    { ...issue, name: "" },
    "/repos/o/r/issues/1/labels",
  ],
  [REMOVE_LABEL, { ...issue, name: "bug" }, "/repos/o/r/issues/1/labels/bug"],
  [REMOVE_LABEL, { ...issue, name: 0 }, "/repos/o/r/issues/1/labels/0"],
  [REMOVE_LABEL, { ...issue, name: ["a", "b"] }, "/repos/o/r/issues/1/labels/a,b"],
  [REMOVE_LABEL, { ...issue, name: { a: "" } }, "/repos/o/r/issues/1/labels/a,"],
  ["GET /users/{username}{?since}", { username: "u", since: 1 }, "/users/u?since=1"],
  // An optional segment (`{/x}`) is the route's own choice; other operators write a prefix.
  [
    "GET /repos/{owner}/{repo}/issues{/issue_number}",
    { owner: "o", repo: "r", issue_number: [] },
    "/repos/o/r/issues",
  ],
  [
    "DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{a}{b}",
    { ...issue, a: "", b: "x" },
    "/repos/o/r/issues/1/labels/x",
  ],
];

describe("an empty last path parameter", () => {
  test.each(refused)("%s %j is refused", (route, parameters, name, other) => {
    let error: unknown;
    try {
      endpoint(route, parameters);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EndpointError);
    expect(error).toMatchObject({ code: "invalid_parameter" });
    expect((error as Error).message).toMatch(new RegExp(`^Parameters? (".+", )?"${name}"`));
    expect((error as Error).message).toContain(`"${other}"`);
    // The same through merge and parse, as @octokit/core calls them.
    expect(() => endpoint.parse(endpoint.merge(route, parameters))).toThrow(
      expect.objectContaining({ code: "invalid_parameter" }),
    );
  });

  test.each(kept)("%s %j keeps octokit's url", (route, parameters, path) => {
    const base = typeof parameters.baseUrl === "string" ? parameters.baseUrl : "https://api.github.com";
    expect(endpoint(route, parameters).url).toBe(`${base}${path}`);
  });
});

/** A route's method and path: without a scheme and host, or a query template at its end. */
type Operation = { id: string; method: string; path: string };
const pathOf = (url: string) => url.replace(/^https:\/\/[^/]+/, "").replace(/\{\?[^}]*\}$/, "");

/** GitHub's operations in data/github-routes.json, ids as GitHub spells them. */
function githubOperations(): Operation[] {
  const table = JSON.parse(
    readFileSync(new URL("../../data/github-routes.json", import.meta.url), "utf8"),
  ) as {
    operations: { id: string; method: string; url: string }[];
  };
  return table.operations.map((op) => ({ id: op.id, method: op.method, path: pathOf(op.url) }));
}

/** The routes of @octokit/plugin-rest-endpoint-methods (the devDependency), ids `scope/kebab-name`. */
async function octokitOperations(): Promise<Operation[]> {
  const { Core, restEndpointMethods } = await loadStack();
  const rest = (restEndpointMethods(new Core()) as { rest: Record<string, Record<string, unknown>> }).rest;
  const operations: Operation[] = [];
  for (const [scope, methods] of Object.entries(rest))
    for (const [name, method] of Object.entries(methods)) {
      const defaults = (method as { endpoint?: { DEFAULTS: { method: string; url: string } } }).endpoint
        ?.DEFAULTS;
      if (defaults === undefined) continue;
      const id = `${scope}/${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
      operations.push({ id, method: defaults.method, path: pathOf(defaults.url.replace(/^\{origin\}/, "")) });
    }
  return operations;
}

/**
 * The shorter routes recomputed from GitHub's table and octokit's (octokit still ships routes
 * GitHub's current description dropped, such as team discussions, which GitHub Enterprise
 * Server serves), as src/shorter-routes.js must list them.
 */
function recompute(operations: Operation[]): Record<string, string> {
  const shape = (method: string, path: string) => `${method} ${path.replace(/\{[^}]*\}/g, "{}")}`;
  const byShape = new Map<string, Operation>();
  for (const op of operations)
    if (!byShape.has(shape(op.method, op.path))) byShape.set(shape(op.method, op.path), op);
  // The README of the root directory is the same resource as the README in directory "".
  const sameResource = new Set(["GET /repos/{owner}/{repo}/readme"]);
  const shorter: Record<string, string> = {};
  for (const op of operations) {
    const cut = /^(.*)\/\{[^}/]*\}$/.exec(op.path);
    if (!cut) continue;
    const other = byShape.get(shape(op.method, cut[1] ?? ""));
    if (other === undefined || shape(other.method, other.path) === shape(op.method, op.path)) continue;
    const route = `${other.method} ${other.path}`;
    if (!sameResource.has(route)) shorter[route] = other.id;
  }
  return Object.fromEntries(Object.entries(shorter).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

describe("src/shorter-routes.js", () => {
  test("lists exactly the operations of GitHub's and octokit's tables that a longer route of theirs reaches with its last parameter empty", async () => {
    const expected = recompute([...githubOperations(), ...(await octokitOperations())]);
    expect(Object.keys(expected).length).toBeGreaterThan(100);
    expect(SHORTER_ROUTES).toEqual(expected);
    expect(Object.keys(SHORTER_ROUTES)).toEqual(Object.keys(expected));
    expect(Object.isFrozen(SHORTER_ROUTES)).toBe(true);
  });
});

describe("through octokit, against a loopback server", () => {
  const serverReady = startServer();
  afterAll(async () => (await serverReady).close());

  test("removeLabel and removeCustomLabelFromSelfHostedRunnerForRepo with an empty name send nothing; the contents root arrives", async () => {
    const server = await serverReady;
    const { Octokit } = await loadStack();
    const octokit = new Octokit({ auth: "secret123", baseUrl: server.origin, retry: { enabled: false } });
    for (const name of ["", [], {}, [""], [null], { a: null }]) {
      await expect(octokit.rest.issues.removeLabel({ ...issue, name: name as string })).rejects.toMatchObject(
        { name: "EndpointError", code: "invalid_parameter" },
      );
      await expect(
        octokit.rest.actions.removeCustomLabelFromSelfHostedRunnerForRepo({
          ...runner,
          name: name as string,
        }),
      ).rejects.toMatchObject({ name: "EndpointError", code: "invalid_parameter" });
    }
    expect(server.arrived).toEqual([]);
    await octokit.rest.repos.getContent({ owner: "o", repo: "r", path: "" });
    await octokit.rest.issues.removeLabel({ ...issue, name: "bug" });
    expect(server.arrived.map((got) => `${got.method} ${got.url}`)).toEqual([
      "GET /repos/o/r/contents",
      "DELETE /repos/o/r/issues/1/labels/bug",
    ]);
  });
});
