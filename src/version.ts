// Written by scripts/build.js from package.json at build time; do not edit.
export const VERSION: string = "1.0.0";
