import { readMerged } from "./options/merge.js";
import { withDefaults } from "./options/with-defaults.js";
import type { Endpoint } from "./types/endpoint.js";
import type { MergedOptions } from "./types/request.js";
import { VERSION } from "./version.js";

const ROOT_DEFAULTS: MergedOptions = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: {
    accept: "application/vnd.github.v3+json",
    "user-agent": `rest-endpoint/${VERSION}`,
  },
  mediaType: { format: "", previews: [] },
};

/**
 * Turns a route and parameters into request options for the GitHub REST API (or any API of
 * the same shape, through `endpoint.defaults`).
 *
 * @example
 * ```ts
 * const options = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" });
 * options.method; // "get"
 * options.url; // "https://api.github.com/repos/octokit/rest.js/issues?state=open"
 * options.headers; // { accept: "application/vnd.github.v3+json", "user-agent": "rest-endpoint/1.0.0" }
 * ```
 */
export const endpoint: Endpoint = withDefaults(readMerged(ROOT_DEFAULTS));
