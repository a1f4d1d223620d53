// npm run bench: every benchmark, one after another, with the machine noted.
import { cpus } from "node:os";

console.log(`Machine: ${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}`);
await import("./endpoint.bench.js");
await import("./send.bench.js");
await import("./template.bench.js");
await import("./memory.bench.js");
await import("./cold-start.bench.js");
await import("./bundle-weight.js");
await import("./generate.bench.js");
