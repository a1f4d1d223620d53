// A server that closes the connection as a request goes out on it (a kept-alive connection it
// timed out while --jq held the next page back): --send asks a GET or HEAD once more, and
// never a method that may change something. The built command line against a raw loopback
// server that drops the requests a row names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DroppingServer, droppingServer } from "../dropping-server.js";
import { runBuilt } from "./run-executable.js";

let server: DroppingServer;

beforeAll(async () => {
  server = await droppingServer();
});

afterAll(() => server.close());

describe("a connection closed as the request went out", () => {
  it.each<[string, { given: { method: string; dropped: number }; want: { code: number; sent: number } }]>([
    ["a GET is asked once more", { given: { method: "GET", dropped: 1 }, want: { code: 0, sent: 2 } }],
    ["a HEAD is asked once more", { given: { method: "HEAD", dropped: 1 }, want: { code: 0, sent: 2 } }],
    ["a GET dropped twice fails", { given: { method: "GET", dropped: 2 }, want: { code: 1, sent: 2 } }],
    ["a POST is never asked again", { given: { method: "POST", dropped: 1 }, want: { code: 1, sent: 1 } }],
    [
      "a DELETE is never asked again",
      { given: { method: "DELETE", dropped: 1 }, want: { code: 1, sent: 1 } },
    ],
  ])("%s", async (_title, { given, want }) => {
    server.seen.length = 0;
    server.drop = given.dropped;
    const result = await runBuilt([given.method, "/x", "--base-url", server.origin, "--send"]);
    expect(result.code, result.stderr).toBe(want.code);
    expect(server.seen).toStrictEqual(Array(want.sent).fill(`${given.method} /x HTTP/1.1`));
    if (want.code === 1)
      expect(result.stderr).toMatch(/^rest-endpoint: The request \w+ http[^\n]* failed: \w+\.\n$/);
  });
});
