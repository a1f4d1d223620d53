// Bytes allocated per endpoint() call, and whether a flood of distinct routes grows the heap
// without limit. Needs --expose-gc.
import { endpoint as octokit } from "@octokit/endpoint";
import { endpoint } from "rest-endpoint";
import { calls } from "./workload.js";

if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");

/** Heap growth per call over one pass of the workload, with a collection before and none during. */
function bytesPerCall(fn) {
  for (let warm = 0; warm < 20; warm++) for (const [route, options] of calls) fn(route, options);
  const samples = [];
  for (let round = 0; round < 5; round++) {
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    for (const [route, options] of calls) fn(route, options);
    samples.push((process.memoryUsage().heapUsed - before) / calls.length);
  }
  return samples.sort((a, b) => a - b)[2];
}

const ours = bytesPerCall(endpoint);
const theirs = bytesPerCall(octokit);
console.log("\nMemory: heap bytes allocated per endpoint() call (median of 5 passes over the workload)");
console.log("| case | bytes per call |");
console.log("|---|---:|");
console.log(`| rest-endpoint | ${Math.round(ours)} |`);
console.log(`| @octokit/endpoint | ${Math.round(theirs)} |`);

globalThis.gc();
const start = process.memoryUsage().heapUsed;
const checkpoints = [];
for (let i = 1; i <= 1_000_000; i++) {
  endpoint(`GET /flood/${i}/{id}`, { id: i });
  if (i % 250_000 === 0) {
    globalThis.gc();
    checkpoints.push(
      `${i.toLocaleString("en-US")}: ${((process.memoryUsage().heapUsed - start) / 1e6).toFixed(1)} MB`,
    );
  }
}
console.log(`\nA million distinct routes, heap growth after each quarter: ${checkpoints.join(", ")}`);
