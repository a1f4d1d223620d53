// Types of rest-endpoint-octokit: @octokit/types' own EndpointInterface, so @octokit/core, its
// plugins and @octokit/request type-check against the drop-in as they do against
// @octokit/endpoint (@octokit/types is an optional peer dependency: every octokit app has it).
import type { EndpointInterface } from "@octokit/types";

/**
 * `endpoint(route, parameters)`: request options as @octokit/endpoint gives them (uppercase
 * method, previews only on `/graphql`), built and checked by rest-endpoint. Has `DEFAULTS`,
 * `defaults`, `merge` and `parse`.
 *
 * @example
 * ```ts
 * endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }).method; // "PATCH"
 * ```
 */
export declare const endpoint: EndpointInterface<object>;

/** This package's version. */
export declare const VERSION: string;
