// The default user-agent, in @octokit/endpoint's shape: the package, then the runtime.

/** This package's version (test/octokit/package.test.ts checks it against package.json). */
export const VERSION = "1.0.0";

/**
 * The runtime part of the user-agent: `Node.js/20.1.0 (linux; x64)` under Node,
 * `navigator.userAgent` in a browser or worker, else `<environment undetectable>`.
 *
 * @returns {string}
 * @example
 * ```js
 * runtimeAgent(); // "Node.js/20.20.2 (linux; x64)"
 * ```
 */
export function runtimeAgent() {
  const nav = /** @type {{ userAgent?: unknown } | undefined} */ (Reflect.get(globalThis, "navigator"));
  if (nav !== undefined && typeof nav.userAgent === "string" && nav.userAgent !== "") return nav.userAgent;
  const proc = /** @type {{ version?: unknown, platform?: unknown, arch?: unknown } | undefined} */ (
    Reflect.get(globalThis, "process")
  );
  if (proc !== undefined && typeof proc.version === "string") {
    return `Node.js/${proc.version.slice(1)} (${String(proc.platform)}; ${String(proc.arch)})`;
  }
  return "<environment undetectable>";
}

/**
 * The default `user-agent` header: `rest-endpoint-octokit/<version> <runtime>`.
 *
 * @returns {string}
 * @example
 * ```js
 * defaultUserAgent(); // "rest-endpoint-octokit/1.0.0 Node.js/20.20.2 (linux; x64)"
 * ```
 */
export function defaultUserAgent() {
  return `rest-endpoint-octokit/${VERSION} ${runtimeAgent()}`;
}
