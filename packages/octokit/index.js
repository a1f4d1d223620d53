// rest-endpoint-octokit: a drop-in for @octokit/endpoint. See README.md for the departures.
import { endpoint as restEndpoint } from "rest-endpoint";
import { makeBuilder } from "./src/builder.js";
import { defaultUserAgent } from "./src/user-agent.js";

export { VERSION } from "./src/user-agent.js";

/**
 * `endpoint(route, parameters)`: request options as @octokit/endpoint gives them, built by
 * rest-endpoint. Has `DEFAULTS`, `defaults`, `merge` and `parse`.
 *
 * @example
 * ```js
 * endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" });
 * // { method: "PATCH", url: "https://api.github.com/repos/o/r", headers: {...}, body: { name: "n" } }
 * ```
 */
export const endpoint = makeBuilder(
  restEndpoint.defaults({ headers: { "user-agent": defaultUserAgent() } }),
  undefined,
);
