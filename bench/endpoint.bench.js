// endpoint() over the whole GitHub workload: rest-endpoint, @octokit/endpoint and the
// hand-specialised baseline, in interleaved rounds.
import { isDeepStrictEqual } from "node:util";
import { endpoint as octokit } from "@octokit/endpoint";
import { endpoint } from "rest-endpoint";
import { operations as githubOperations } from "rest-endpoint/github";
import { specialise } from "./baseline.js";
import { compare, report } from "./harness.js";
import { calls, operations } from "./workload.js";

const handWritten = operations.map((operation) => specialise(operation));

// The baseline must produce what rest-endpoint produces, or the comparison means nothing.
let differing = 0;
for (let i = 0; i < calls.length; i++) {
  const [route, options] = calls[i];
  if (!isDeepStrictEqual(handWritten[i](options), endpoint(route, options))) differing++;
}
if (differing > 0) throw new Error(`the baseline differs from rest-endpoint on ${differing} operations`);

// The same workload through GitHub's operation table: described routes take the same path,
// with the operation's template (the examples hold no array parameter, so the results agree).
const described = endpoint.defaults({ operations: githubOperations });
for (let i = 0; i < calls.length; i++) {
  const [route, options] = calls[i];
  const a = described(route, options);
  const b = endpoint(route, options);
  if (
    a.method !== b.method ||
    !isDeepStrictEqual(a.body, b.body) ||
    new URL(a.url).pathname !== new URL(b.url).pathname
  ) {
    throw new Error(`the operation table changes ${route}`);
  }
}

const n = calls.length;
const results = compare([
  {
    name: "rest-endpoint",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) endpoint(calls[i][0], calls[i][1]);
    },
  },
  {
    name: "rest-endpoint, GitHub's operations",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) described(calls[i][0], calls[i][1]);
    },
  },
  {
    name: "@octokit/endpoint",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) octokit(calls[i][0], calls[i][1]);
    },
  },
  {
    name: "hand-specialised baseline",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) handWritten[i](calls[i][1]);
    },
  },
]);
report(
  `endpoint() over ${n} GitHub operations (median of 7 interleaved rounds)`,
  results,
  "@octokit/endpoint",
);

export { results };
