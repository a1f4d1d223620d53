// The drop-in's `endpoint` where @octokit/types and @octokit/request expect @octokit/endpoint's:
// tsc -p test/octokit-stack/types (run by test/octokit/types.test.ts) fails if it does not fit.
import type { EndpointInterface, RequestInterface } from "@octokit/types";
import { endpoint } from "rest-endpoint-octokit";

const asInterface: EndpointInterface = endpoint;
const derived: EndpointInterface<{ baseUrl: string }> = endpoint.defaults({
  baseUrl: "https://ghe.example/api/v3",
});
const options = asInterface("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
const method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" = options.method;
const url: string = derived.merge("GET /user").url;
// @octokit/request's interface carries its endpoint: the drop-in's type is that member's type.
type RequestEndpoint = RequestInterface["endpoint"];
const asRequestEndpoint: RequestEndpoint = endpoint;

export { asRequestEndpoint, method, url };
