// The real octokit stack from npm with @octokit/endpoint resolved to the drop-in (see
// resolve-drop-in.mjs), and a loopback server that records what arrives.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { register } from "node:module";
import type { AddressInfo } from "node:net";

register(new URL("./resolve-drop-in.mjs", import.meta.url));

/** The stack's classes and plugins. */
export type Stack = {
  Core: typeof import("@octokit/core").Octokit;
  Octokit: typeof import("octokit").Octokit;
  paginateRest: typeof import("@octokit/plugin-paginate-rest").paginateRest;
  restEndpointMethods: typeof import("@octokit/plugin-rest-endpoint-methods").restEndpointMethods;
};

/** The stack, imported after the hook is in place (static imports would be resolved before it). */
export async function loadStack(): Promise<Stack> {
  const core = await import("@octokit/core");
  const octokit = await import("octokit");
  const paginate = await import("@octokit/plugin-paginate-rest");
  const rest = await import("@octokit/plugin-rest-endpoint-methods");
  return {
    Core: core.Octokit,
    Octokit: octokit.Octokit,
    paginateRest: paginate.paginateRest,
    restEndpointMethods: rest.restEndpointMethods,
  };
}

/** One request as the server read it. */
export type Arrived = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };

/** A server's answer to a request: status, headers and a body. */
export type Answer = { status?: number; headers?: Record<string, string>; body?: unknown };

/** Starts a server on 127.0.0.1 that records each request and answers by `answer`. */
/** A running loopback server: its origin, what arrived, and how to stop it. */
export type Server = { origin: string; arrived: Arrived[]; close: () => Promise<void> };

export async function startServer(
  answer: (request: Arrived, origin: string) => Answer = () => ({}),
): Promise<Server> {
  const arrived: Arrived[] = [];
  let origin = "";
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const got = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      arrived.push(got);
      const { status = 200, headers = {}, body = { ok: true } } = answer(got, origin);
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      response.end(request.method === "HEAD" ? undefined : JSON.stringify(body));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    arrived,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
