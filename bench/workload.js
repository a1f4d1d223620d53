// The benchmark workload: every GitHub REST operation with its example parameters, from
// data/github-routes.json (npm run generate:routes).
import { readFileSync } from "node:fs";

export const operations = JSON.parse(
  readFileSync(new URL("../data/github-routes.json", import.meta.url), "utf8"),
).operations;

/** [route, options] pairs, one per operation. */
export const calls = operations.map((operation) => [
  `${operation.method} ${operation.url}`,
  operation.example,
]);
