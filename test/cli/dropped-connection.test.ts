// A server that closes the connection as a request goes out on it (a kept-alive connection it
// timed out while --jq held the next page back): --send asks a GET or HEAD once more, and
// never a method that may change something. The built command line against a raw loopback
// server that drops the requests a row names.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuilt } from "./run-executable.js";

/** Request lines the server received, in order. */
const seen: string[] = [];
/** How many more requests to drop, whatever they are. */
let drop = 0;
let server: Server;
let origin = "";

beforeAll(async () => {
  server = createServer((socket: Socket) => {
    let head = "";
    socket.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const end = head.indexOf("\r\n\r\n");
      if (end === -1) return;
      const line = head.slice(0, head.indexOf("\r\n"));
      head = head.slice(end + 4);
      seen.push(line);
      if (drop > 0) {
        drop--;
        socket.destroy();
        return;
      }
      const body = JSON.stringify({ n: seen.length });
      socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

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
    seen.length = 0;
    drop = given.dropped;
    const result = await runBuilt([given.method, "/x", "--base-url", origin, "--send"]);
    expect(result.code, result.stderr).toBe(want.code);
    expect(seen).toStrictEqual(Array(want.sent).fill(`${given.method} /x HTTP/1.1`));
    if (want.code === 1)
      expect(result.stderr).toMatch(/^rest-endpoint: The request \w+ http[^\n]* failed: \w+\.\n$/);
  });
});
