// Compiled (not run) against the built package with the project's TypeScript and with 5.9,
// as a consumer would: by package name, through the exports map, with skipLibCheck off.
import {
  type Endpoint,
  EndpointError,
  type EndpointErrorCode,
  type EndpointOptions,
  endpoint,
  type MergedOptions,
  type RequestOptions,
} from "rest-endpoint";
import { expandTemplate, parseTemplate, type UriTemplate } from "rest-endpoint/uri-template";

const options: EndpointOptions = {
  owner: "octokit",
  headers: { "x-a": 1, "x-b": null },
  mediaType: { format: "raw" },
};
const result: RequestOptions = endpoint("GET /repos/{owner}/{repo}", {
  ...options,
  owner: "octokit",
  repo: "rest.js",
});
const method: "get" | "head" | "options" | "post" | "put" | "patch" | "delete" = result.method;
const derived: Endpoint = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" });
const merged: MergedOptions = derived.merge("POST /x", { data: new Uint8Array(1) });
const again: RequestOptions = derived.parse(merged);
const withHeaders: RequestOptions = endpoint({ url: "/x", headers: new Headers({ a: "b" }) });
const template: UriTemplate = parseTemplate("{/a*}");
const expanded: string = template.expand({ a: ["x"] }) + expandTemplate("{b}", { b: 1 });
const code: EndpointErrorCode | undefined =
  new EndpointError("invalid_route", "m") instanceof Error ? "invalid_route" : undefined;
const accept: string = endpoint.DEFAULTS.headers.accept as string;

// @ts-expect-error: DEFAULTS is read-only
endpoint.DEFAULTS.baseUrl = "x";

export { accept, again, code, expanded, method, withHeaders };

// The adapters' output goes straight into fetch.
import { toCurl, toFetchArgs } from "rest-endpoint/adapters";

const [fetchUrl, init] = toFetchArgs(result);
export const pending: Promise<Response> = fetch(fetchUrl, init);
export const command: string = toCurl(result);
