// Written by scripts/build.js from package.json at build time; do not edit.
/** The package version, as in the default user-agent. */
export const VERSION: string = "1.0.0";
