#!/usr/bin/env node
// The `rest-endpoint` executable: wires the command line to this process.
import { readFileSync } from "node:fs";
import { runCli } from "./cli.js";

process.exitCode = runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readFileSync(0),
  readFile: (path) => readFileSync(path),
});
