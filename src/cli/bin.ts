#!/usr/bin/env node
// The `rest-endpoint` executable: this process's handlers, then the command line with this
// process's io (node-io.ts).
import { failureLine, nodeIo, runNodeCli } from "./node-io.js";

/** The last resort, for an error outside the command's run: one line and exit status 1. */
function fail(error: unknown): never {
  process.stderr.write(failureLine(error));
  process.exit(1);
}
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

// A reader that stops early (`| head`) closes the pipe: that is no error of the command's.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  fail(error);
});

process.exitCode = await runNodeCli(process.argv.slice(2), nodeIo());
