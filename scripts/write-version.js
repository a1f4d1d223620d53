// Writes src/version.ts from package.json, so the user-agent carries the released version.
import { readFileSync, writeFileSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const file = new URL("../src/version.ts", import.meta.url);
const text = `// Written by scripts/write-version.js from package.json at build time; do not edit.\nexport const VERSION: string = ${JSON.stringify(version)};\n`;
let current = "";
try {
  current = readFileSync(file, "utf8");
} catch {}
if (current !== text) writeFileSync(file, text);
