import { EndpointError } from "../errors/endpoint-error.js";
import { quote } from "../shared/quote.js";
import { checkBaseUrl } from "./check-base-url.js";

/** The urls of a GitHub Enterprise Server (a type, not an interface, so it is an options object). */
export type EnterpriseServer = {
  /** `https://HOST/api/v3`: the option to give `endpoint.defaults`. */
  readonly baseUrl: string;
  /**
   * `https://HOST/api/uploads`, for the upload routes (release assets). Not enumerable, so the
   * object can go to `defaults` as it is: there it is no parameter.
   */
  readonly uploadsUrl: string;
};

/**
 * The urls of a GitHub Enterprise Server at `host` (a host name, with a port if it needs one):
 * `baseUrl` for `endpoint.defaults` and `uploadsUrl` for uploads. A host that is not a plain
 * host name (a scheme, a path, credentials, white space) is `invalid_base_url`.
 *
 * @example
 * ```ts
 * const server = enterpriseServer("github.example.com");
 * server.baseUrl; // "https://github.example.com/api/v3"
 * server.uploadsUrl; // "https://github.example.com/api/uploads"
 * const ghe = endpoint.defaults(server);
 * ghe("GET /user").url; // "https://github.example.com/api/v3/user"
 * ghe(`POST ${server.uploadsUrl}/repos/{owner}/{repo}/releases/{id}/assets{?name}`, { owner: "o", repo: "r", id: 1, name: "a.zip", data: "zip" }).url;
 * // "https://github.example.com/api/uploads/repos/o/r/releases/1/assets?name=a.zip"
 * ```
 */
export function enterpriseServer(host: string): EnterpriseServer {
  if (typeof host !== "string" || !isHost(host)) {
    throw new EndpointError(
      "invalid_base_url",
      __DEV__
        ? `Invalid GitHub Enterprise Server host ${typeof host === "string" ? quote(host) : typeof host}: give a host name such as "github.example.com" (with ":port" if needed), without a scheme or path.`
        : "",
    );
  }
  const server = { baseUrl: checkBaseUrl(`https://${host}/api/v3`) };
  Object.defineProperty(server, "uploadsUrl", {
    __proto__: null,
    value: checkBaseUrl(`https://${host}/api/uploads`),
    enumerable: false,
  } as PropertyDescriptor);
  return Object.freeze(server) as EnterpriseServer;
}

/** Labels of letters, digits and inner hyphens, joined by dots, and an optional port. */
function isHost(host: string): boolean {
  const colon = host.indexOf(":");
  const name = colon === -1 ? host : host.slice(0, colon);
  if (colon !== -1) {
    const port = host.slice(colon + 1);
    if (!/^[0-9]{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) return false;
  }
  if (name === "" || name.length > 253) return false;
  for (const label of name.split(".")) {
    if (label === "" || label.length > 63 || label.startsWith("-") || label.endsWith("-")) return false;
    if (!/^[A-Za-z0-9-]+$/.test(label)) return false;
  }
  return true;
}
