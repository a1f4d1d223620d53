// Written by scripts/write-version.js from package.json at build time; do not edit.
export const VERSION: string = "1.0.0";
