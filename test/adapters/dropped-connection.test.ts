// A connection the server closes as a page or a sender's request goes out on it: `paginate`
// and `sender` ask a GET or HEAD once more, as the command line does, and never a method that
// may change something. Against a raw loopback server that drops the requests a row names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paginate, sender } from "../../src/adapters/index.js";
import { endpoint } from "../../src/index.js";
import { type DroppingServer, droppingServer } from "../dropping-server.js";

let server: DroppingServer;

beforeAll(async () => {
  server = await droppingServer();
});

afterAll(() => server.close());

type Row = [string, { given: { method: string; dropped: number }; want: { sent: number; failed: boolean } }];
const ROWS: Row[] = [
  ["a GET is asked once more", { given: { method: "GET", dropped: 1 }, want: { sent: 2, failed: false } }],
  ["a HEAD is asked once more", { given: { method: "HEAD", dropped: 1 }, want: { sent: 2, failed: false } }],
  ["a GET dropped twice fails", { given: { method: "GET", dropped: 2 }, want: { sent: 2, failed: true } }],
  ["a POST is never asked again", { given: { method: "POST", dropped: 1 }, want: { sent: 1, failed: true } }],
  [
    "a PATCH is never asked again",
    { given: { method: "PATCH", dropped: 1 }, want: { sent: 1, failed: true } },
  ],
];

/** What the call threw: its code, or "" when it did not throw. */
async function thrown(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "";
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

describe("paginate, on a connection closed as the request went out", () => {
  it.each(ROWS)("%s", async (_title, { given, want }) => {
    server.seen.length = 0;
    server.drop = given.dropped;
    const request = endpoint(`${given.method} /x`, { baseUrl: server.origin });
    const code = await thrown(async () => {
      for await (const page of paginate(request)) await page.arrayBuffer();
    });
    expect(code).toBe(want.failed ? "request_failed" : "");
    expect(server.seen).toStrictEqual(Array(want.sent).fill(`${given.method} /x HTTP/1.1`));
  });
});

describe("sender, on a connection closed as the request went out", () => {
  it.each(ROWS)("%s", async (_title, { given, want }) => {
    server.seen.length = 0;
    server.drop = given.dropped;
    const send = sender();
    const code = await thrown(() => send(endpoint(`${given.method} /x`, { baseUrl: server.origin })));
    expect(code).toBe(want.failed ? "request_failed" : "");
    expect(server.seen).toStrictEqual(Array(want.sent).fill(`${given.method} /x HTTP/1.1`));
  });
});
