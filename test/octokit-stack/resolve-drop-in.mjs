// A Node module resolution hook for test/octokit only: inside the octokit stack installed for
// test/octokit (every copy of @octokit/request but the root one), `@octokit/endpoint` is
// resolved to the drop-in, as an npm override does in an application. The root copy of
// @octokit/request and the root @octokit/endpoint, which the comparison tests and benchmarks
// use, keep the real package.
const dropIn = new URL("../../packages/octokit/index.js", import.meta.url).href;
const rootRequest = new URL("../../node_modules/@octokit/request/", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL ?? "";
  if (
    specifier === "@octokit/endpoint" &&
    parent.includes("/node_modules/@octokit/request/") &&
    !parent.startsWith(rootRequest)
  ) {
    return { url: dropIn, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
