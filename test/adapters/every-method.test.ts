// Every method of the one table (src/shared/http.ts) through every adapter: the method as
// written on the wire, and the body carried exactly when the table says the method sends one.
import { describe, expect, it } from "vitest";
import { toCurl, toFetchArgs } from "../../src/adapters/index.js";
import { toHttpMessage } from "../../src/adapters/to-http-message.js";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { METHODS, sendsBody } from "../../src/shared/http.js";

const latin1 = (bytes: Uint8Array): string => new TextDecoder("latin1").decode(bytes);

describe.each(Object.keys(METHODS))("%s", (METHOD) => {
  const options = {
    method: METHOD.toLowerCase(),
    url: "https://h.example/x?q=1",
    headers: { "content-type": "application/json" },
    body: { a: 1 },
  } as RequestOptions;
  const carried = sendsBody(METHOD);

  it(`toFetchArgs: method ${METHOD}, the body ${carried ? "sent" : "left out"}`, () => {
    const [url, init] = toFetchArgs(options);
    expect(url).toBe("https://h.example/x?q=1");
    expect(init.method).toBe(METHOD);
    // fetch's own default (null) when there is none.
    expect(init.body ?? undefined).toBe(carried ? '{"a":1}' : undefined);
  });

  it(`toCurl: method ${METHOD}, the body ${carried ? "sent" : "left out"}`, () => {
    const command = toCurl(options);
    expect(command).toContain(METHOD === "HEAD" ? " --head " : ` -X ${METHOD} `);
    if (carried) expect(command).toMatch(/ --data-raw '\{"a":1\}'$/);
    else expect(command).not.toContain("--data");
  });

  it(`toHttpMessage: method ${METHOD}, the body ${carried ? "sent" : "left out"}`, () => {
    const message = latin1(toHttpMessage(options));
    expect(message.startsWith(`${METHOD} /x?q=1 HTTP/1.1\r\nhost: h.example\r\n`)).toBe(true);
    expect(message.endsWith(carried ? '\r\ncontent-length: 7\r\n\r\n{"a":1}' : "\r\n\r\n")).toBe(true);
  });
});

describe("OPTIONS built by endpoint() and handed to the adapters", () => {
  it("parameters in the query, data as the JSON body, in every adapter", () => {
    const request = endpoint("OPTIONS /files/content{?fields}", {
      fields: "id",
      data: { name: "a.txt", size: 3 },
      headers: { "user-agent": "t" },
    });
    const body = '{"name":"a.txt","size":3}';
    const [url, init] = toFetchArgs(request);
    expect([url, init.method, init.body]).toStrictEqual([
      "https://api.github.com/files/content?fields=id",
      "OPTIONS",
      body,
    ]);
    expect(toCurl(request)).toBe(
      `curl -q -sS --globoff --path-as-is -X OPTIONS 'https://api.github.com/files/content?fields=id' -H 'accept: application/vnd.github.v3+json' -H 'user-agent: t' -H 'content-type: application/json; charset=utf-8' -H 'expect:' --data-raw '${body}'`,
    );
    expect(latin1(toHttpMessage(request))).toBe(
      "OPTIONS /files/content?fields=id HTTP/1.1\r\nhost: api.github.com\r\naccept: application/vnd.github.v3+json\r\nuser-agent: t\r\ncontent-type: application/json; charset=utf-8\r\n" +
        `content-length: ${body.length}\r\n\r\n${body}`,
    );
  });
});
