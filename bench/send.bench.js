// The send path over the whole GitHub workload: endpoint() alone, endpoint() and toFetchArgs
// (the arguments of fetch, what a send adds to the build), and the typed send with a fetch that
// answers at once (no network), beside openapi-fetch doing the same calls when it is installed
// (`npm ci --prefix tools`). One process, interleaved rounds.
import { existsSync } from "node:fs";
import { endpoint } from "rest-endpoint";
import { sender, toFetchArgs } from "rest-endpoint/adapters";
import { compare, report } from "./harness.js";
import { calls, operations } from "./workload.js";

const n = calls.length;
const sync = compare([
  {
    name: "endpoint()",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) endpoint(calls[i][0], calls[i][1]);
    },
  },
  {
    name: "endpoint() + toFetchArgs",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) toFetchArgs(endpoint(calls[i][0], calls[i][1]));
    },
  },
]);
report(`Building a request over ${n} GitHub operations (median of 7 interleaved rounds)`, sync, "endpoint()");
const [built, withArgs] = sync;
console.log(`build + toFetchArgs = ${(withArgs.ns / built.ns).toFixed(2)}x the build alone`);

// A fetch that answers at once: what is measured is the building, the sending code and the
// reading of a small JSON body, the same for both.
const answer = () => new Response('{"id":1}', { headers: { "content-type": "application/json" } });
const stub = async () => answer();
const send = sender({ fetch: stub });

const openapiFetch = new URL("../tools/node_modules/openapi-fetch/dist/index.mjs", import.meta.url);
/** openapi-fetch's call for each operation: path and query parameters, and a JSON body. */
async function theirCalls() {
  if (!existsSync(openapiFetch)) return undefined;
  const { default: createClient } = await import(openapiFetch.href);
  const client = createClient({ baseUrl: "https://api.github.com", fetch: stub });
  return operations.map((operation) => {
    const example = operation.example;
    const pick = (names) =>
      Object.fromEntries(names.filter((name) => name in example).map((name) => [name, example[name]]));
    const path = pick(operation.path);
    const query = pick(operation.query.map((p) => p.name));
    const body = pick(operation.body.map((p) => p.name));
    const init = { params: { path, query }, ...(Object.keys(body).length > 0 ? { body } : {}) };
    return () => client[operation.method](operation.url, init);
  });
}

/** Median nanoseconds per call of each async case, over interleaved rounds of every call. */
async function compareAsync(cases, rounds = 7) {
  const samples = cases.map(() => []);
  for (const c of cases) for (let i = 0; i < n; i++) await c.run(i);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < cases.length; k++) {
      const index = (k + round) % cases.length;
      const start = performance.now();
      for (let i = 0; i < n; i++) await cases[index].run(i);
      samples[index].push(((performance.now() - start) * 1e6) / n);
    }
  }
  return cases.map((c, i) => {
    const sorted = [...samples[i]].sort((a, b) => a - b);
    return { name: c.name, ns: sorted[sorted.length >> 1], rounds: samples[i] };
  });
}

const theirs = await theirCalls();
const cases = [
  {
    name: "sender: endpoint() and send (fetch answers at once)",
    run: (i) => send(endpoint(calls[i][0], calls[i][1])),
  },
  {
    name: "endpoint() + toFetchArgs + fetch + json()",
    run: async (i) => (await stub(...toFetchArgs(endpoint(calls[i][0], calls[i][1])))).json(),
  },
];
if (theirs !== undefined) cases.push({ name: "openapi-fetch (same fetch)", run: (i) => theirs[i]() });
const sent = await compareAsync(cases);
report(
  `Sending without the network over ${n} GitHub operations (median of 7 interleaved rounds)`,
  sent,
  cases[0].name,
);
if (theirs === undefined) console.log("openapi-fetch is not installed (npm ci --prefix tools): left out.");

export { sent, sync };
