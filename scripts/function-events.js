// What V8 logs of one module's functions while a script runs (`--log-function-events`): each
// first run, lazy compilation and so on, with the function's position in the module's text.
// Read by the build (scripts/eager-first-call.js) and by the test that checks its result.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Runs `script` (an ES module's text) in a child Node process and returns V8's function events
 * for the module at `moduleUrl`, in order: `{ event, start, end, name }`, where `event` is
 * `first-execution`, `parse-function` (a lazy compilation) and the like.
 */
export function functionEvents(script, moduleUrl) {
  const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-v8-"));
  try {
    const log = join(dir, "v8.log");
    execFileSync(
      process.execPath,
      [
        "--log-function-events",
        `--logfile=${log}`,
        "--no-logfile-per-isolate",
        "--input-type=module",
        "-e",
        script,
      ],
      { stdio: "ignore" },
    );
    const lines = readFileSync(log, "utf8").split("\n");
    const details = lines.find(
      (line) => line.startsWith("script-details,") && line.split(",")[2] === moduleUrl,
    );
    if (details === undefined) throw new Error(`V8 logged no script ${moduleUrl}`);
    const id = details.split(",")[1];
    const events = [];
    for (const line of lines) {
      // function,<event>,<script>,<start>,<end>,<time>,<timestamp>,<name>
      const fields = line.split(",");
      if (fields[0] !== "function" || fields[2] !== id) continue;
      events.push({
        event: fields[1],
        start: Number(fields[3]),
        end: Number(fields[4]),
        name: fields[7] ?? "",
      });
    }
    return events;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
