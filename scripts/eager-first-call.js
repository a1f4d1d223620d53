// Cold start: V8 pre-parses every function of a module when it loads, then parses again and
// compiles each one the first time it runs. The functions that loading core.js and `endpoint()`'s
// first call run (about 21 kB of it) are made function expressions in parentheses, which V8
// compiles at once as the module loads: parsed once instead of twice. Measured with callgrind on
// Node 20, the import and first call cost 2.9 million instructions less (of about 60 above an
// empty process). Other engines read the parentheses as nothing.
//
// Which functions those are is asked of V8 itself, not listed by hand: the module is loaded and
// called once in a child process with `--log-function-events`, which logs the first run of each
// function with its position.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { functionEvents } from "./function-events.js";

/**
 * `source` (esbuild's unminified output of core.js: top-level functions start and end at column
 * 0) with the functions an import and first call run moved to the top as `var name = (function name ...)`.
 * At the top, none can be read before it is assigned; a function expression runs nothing when it
 * is made, so moving it changes no order of effects.
 */
export function eagerFirstCall(source) {
  const ran = firstCallFunctions(source);
  const lines = source.split("\n");
  const hoisted = [];
  const rest = [];
  let offset = 0;
  let current;
  for (const line of lines) {
    const start = offset;
    offset += line.length + 1;
    const declaration = /^function (\w+)\(/.exec(line);
    if (current === undefined && declaration !== null && ran.has(start + line.indexOf("("))) {
      current = [`var ${declaration[1]} = (${line}`];
      if (line.endsWith("}")) throw new Error(`eagerFirstCall: ${declaration[1]} is on one line`);
      continue;
    }
    if (current !== undefined) {
      if (line === "}") {
        current.push("});");
        hoisted.push(...current);
        current = undefined;
      } else current.push(line);
      continue;
    }
    rest.push(line);
  }
  if (current !== undefined) throw new Error("eagerFirstCall: a function does not end");
  if (hoisted.length === 0) throw new Error("eagerFirstCall: no function of core.js ran");
  return [...hoisted, ...rest].join("\n");
}

/** The start positions (of the parameter list) of the functions an import and first call run. */
function firstCallFunctions(source) {
  const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-build-"));
  try {
    const module = join(dir, "core.mjs");
    writeFileSync(module, source);
    const url = pathToFileURL(module).href;
    const script = `const { endpoint } = await import(${JSON.stringify(url)});
      endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });`;
    return new Set(
      functionEvents(script, url)
        .filter(({ event }) => event === "first-execution")
        .map(({ start }) => start),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
