// GitHub's OpenAPI description, the source of every generated file (data/github-routes.json,
// src/types/github-routes.ts, src/types/github-responses.ts, src/operations/github-operations.ts):
// the npm package @octokit/openapi (MIT), pinned, and the one file of it that is read.
export const DESCRIPTION_PACKAGE = "@octokit/openapi";
export const DESCRIPTION_VERSION = "23.0.2";
export const DESCRIPTION_FILE = "generated/api.github.com.json";
/** The files `npm run generate:routes` writes, all of them. */
export const GENERATED_FILES = [
  "data/github-routes.json",
  "src/types/github-routes.ts",
  "src/types/github-responses.ts",
  "src/operations/github-operations.ts",
];
