/**
 * `true` in the development build, `false` in the production build: scripts/build.js and
 * vitest.config.ts define it, and esbuild's minifier drops code under `__DEV__ ? ... : ""`
 * in production. Only the library's own code sees this declaration; it is not published.
 */
declare const __DEV__: boolean;
