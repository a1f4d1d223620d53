import { afterEach, describe, expect, it } from "vitest";
import { toCurl } from "../../../src/adapters/to-curl.js";
import { toFetchArgs } from "../../../src/adapters/to-fetch-args.js";
import { toHttpMessage } from "../../../src/adapters/to-http-message.js";
import { EndpointError, type RequestOptions } from "../../../src/index.js";
import { expectEndpointError } from "../../helpers.js";
import { endpoint, onlyEndpointError, outcome, pollute, post, undoPollution } from "../loose-endpoint.js";

afterEach(undoPollution);

describe("adapters: what they cannot write faithfully is an EndpointError", () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const detached = new ArrayBuffer(8);
  const view = new Uint8Array(detached);
  structuredClone(detached, { transfer: [detached] });

  it.each<[string, unknown]>([
    ["a revoked proxy", revoked.proxy],
    ["a detached buffer", detached],
    ["a view on a detached buffer", view],
  ])("%s as body", (_, body) => {
    for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
      onlyEndpointError(() => adapter({ method: "post", url: "/x", headers: {}, body } as RequestOptions));
    }
  });

  it.each([
    "https://user:pw@h.example/x",
    "https://h.example//evil.example/x",
    "http://u@h.example/",
    "https://@h.example/x",
    "https://:@h.example/x",
  ])("the url %j is invalid_options in every adapter", (url) => {
    for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
      expectEndpointError(() => adapter({ method: "get", url, headers: {} }), "invalid_options");
    }
  });

  it("a polluted toJSON on a built-in prototype: the adapters refuse to write the body", () => {
    const options: RequestOptions = {
      method: "post",
      url: "/x",
      headers: {},
      body: { title: "t", labels: ["a"] },
    };
    for (const prototype of [Object.prototype, Array.prototype, Number.prototype]) {
      const outcomes: unknown[] = [];
      Object.defineProperty(prototype, "toJSON", {
        value: () => "pwned",
        configurable: true,
        writable: true,
      });
      try {
        for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
          try {
            outcomes.push(adapter(options));
          } catch (error) {
            outcomes.push(error);
          }
        }
      } finally {
        delete (prototype as { toJSON?: unknown }).toJSON;
      }
      for (const outcome of outcomes) {
        expect(outcome).toBeInstanceOf(EndpointError);
        expect((outcome as EndpointError).code).toBe("invalid_parameter");
      }
    }
  });

  it("a body whose shared parts JSON would write millions of times is refused, not written for minutes", () => {
    let shared: unknown = 1;
    for (let i = 0; i < 40; i++) shared = [shared, shared];
    expectEndpointError(
      () => endpoint("POST /x", { data: shared }),
      "invalid_parameter",
      /more than 1000000/,
    );
    const options: RequestOptions = { method: "post", url: "/x", headers: {}, body: shared };
    for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
      expectEndpointError(() => adapter(options), "invalid_parameter", /more than 1000000 values/);
    }
    let small: unknown = 1;
    for (let i = 0; i < 12; i++) small = [small, small];
    expect(JSON.parse(toFetchArgs(endpoint("POST /x", { data: small }))[1].body as string)).toEqual(small);
  });

  it.each(["content-length", "Content-Length, close", "close,host", "transfer-encoding"])(
    "toHttpMessage refuses connection: %s",
    (value) => {
      expectEndpointError(
        () => toHttpMessage({ method: "post", url: "/x", headers: { connection: value }, body: "a" }),
        "invalid_header",
      );
    },
  );

  it("toHttpMessage writes the query as written, as curl sends it", () => {
    const message = new TextDecoder("latin1").decode(
      toHttpMessage({ method: "get", url: "https://h.example/x?a'b&c", headers: {} }),
    );
    expect(message.startsWith("GET /x?a'b&c HTTP/1.1\r\n")).toBe(true);
    expect(
      new TextDecoder("latin1").decode(toHttpMessage({ method: "get", url: "/x?", headers: {} })),
    ).toMatch(/^GET \/x\? HTTP/);
  });

  it.each([" ", "\t", "  \t "])(
    "toCurl sends a white-space value %j as an empty header (curl would drop it)",
    (value) => {
      expect(toCurl({ method: "get", url: "/x", headers: { "x-a": value } })).toContain("-H 'x-a;'");
    },
  );

  it("toCurl never asks curl for Expect: 100-continue, and sends a big text body through printf", () => {
    const command = toCurl({ method: "post", url: "/x", headers: {}, body: "x".repeat(200 * 1024) });
    expect(command).toContain("-H 'expect:'");
    expect(command.startsWith("printf ")).toBe(true);
    expect(command).toContain("--data-binary @-");
  });
});

describe("the adapters: built-in toJSON, bytes fetch refuses, command-line limits", () => {
  const prototypes: [string, object, () => unknown][] = [
    ["Map", Map.prototype, () => ({ v: new Map([["k", 1]]) })],
    ["Set", Set.prototype, () => ({ v: new Set([1]) })],
    ["Function", Function.prototype, () => ({ v: () => 1 })],
    ["ArrayBuffer", ArrayBuffer.prototype, () => ({ v: new ArrayBuffer(2) })],
    ["RegExp", RegExp.prototype, () => ({ v: /x/ })],
    ["%TypedArray%", Object.getPrototypeOf(Uint8Array.prototype), () => ({ v: new Uint8Array([1]) })],
    ["Int16Array", Int16Array.prototype, () => ({ v: new Int16Array([1]) })],
    ["Error", Error.prototype, () => ({ v: new Error("e") })],
    ["TypeError", TypeError.prototype, () => ({ v: new TypeError("e") })],
    ["Promise", Promise.prototype, () => ({ v: Promise.resolve() })],
    ["Date", Date.prototype, () => ({ v: new Date(0) })],
  ];

  it.each(prototypes)(
    "a toJSON put on %s.prototype makes the adapters refuse a JSON body",
    (_name, prototype, make) => {
      pollute(prototype, "toJSON", { value: () => "POLLUTED", writable: true });
      for (const adapter of [toFetchArgs, toCurl]) {
        expectEndpointError(() => adapter(post(make())), "invalid_parameter");
      }
    },
  );

  it("a stream body goes to fetch with duplex: half, and new Request takes it", () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array([1]));
        controller.close();
      },
    });
    const [url, init] = toFetchArgs(post(stream));
    expect(init.duplex).toBe("half");
    expect(() => new Request(url, init as RequestInit)).not.toThrow();
  });

  it("a detached buffer or a view of one is invalid_parameter; a shared or resizable one is copied", () => {
    const detached = (): ArrayBuffer => {
      const buffer = new ArrayBuffer(8);
      structuredClone(buffer, { transfer: [buffer] });
      return buffer;
    };
    const view = new Uint8Array(new ArrayBuffer(8), 2, 4);
    structuredClone(view.buffer, { transfer: [view.buffer] });
    for (const body of [detached(), view]) {
      expectEndpointError(() => toFetchArgs(post(body)), "invalid_parameter");
    }
    const resizable = new (ArrayBuffer as unknown as new (n: number, o: object) => ArrayBuffer)(4, {
      maxByteLength: 8,
    });
    new Uint8Array(resizable).set([1, 2, 3, 4]);
    const shared = new Uint8Array(new SharedArrayBuffer(4));
    shared.set([5, 6, 7, 8]);
    for (const [body, bytes] of [
      [resizable, [1, 2, 3, 4]],
      [shared, [5, 6, 7, 8]],
    ] as const) {
      const [url, init] = toFetchArgs(post(body));
      expect([...new Uint8Array(init.body as Uint8Array)]).toStrictEqual(bytes);
      expect(() => new Request(url, init as RequestInit)).not.toThrow();
    }
  });

  it("toCurl refuses a url or header longer than one command-line argument, and a body over 16 MiB", () => {
    expectEndpointError(
      () => toCurl(endpoint("GET /search/code", { q: "a".repeat(140 * 1024) })),
      "invalid_options",
    );
    expectEndpointError(
      () => toCurl(endpoint("GET /user", { headers: { authorization: "a".repeat(140 * 1024) } })),
      "invalid_options",
    );
    const many: Record<string, string> = {};
    for (let i = 0; i < 10; i++) many[`x-h${i}`] = "a".repeat(120 * 1024);
    expectEndpointError(() => toCurl(endpoint("GET /user", { headers: many })), "invalid_options");
    expectEndpointError(() => toCurl(post("x".repeat(16 * 1024 * 1024 + 1))), "invalid_parameter");
    // Just under the limits, the command is written (and sh runs it: see test/adapters/one-request.test.ts).
    expect(toCurl(endpoint("GET /search/code", { q: "a".repeat(120 * 1024) }))).toContain("a".repeat(1000));
    expect(toCurl(post("x".repeat(1024 * 1024)))).toContain("printf");
  });
});

describe("the adapters' own objects and more built-ins", () => {
  it("an accessor or read-only body or duplex on Object.prototype neither takes nor replaces the body", () => {
    const taken: unknown[] = [];
    pollute(Object.prototype, "body", {
      get: () => "attacker body",
      set: (value: unknown) => taken.push(value),
    });
    pollute(Object.prototype, "duplex", { value: "full", writable: false });
    const [, init] = toFetchArgs(endpoint("POST /x", { secret: "s3cr3t" }));
    expect(Object.getOwnPropertyDescriptor(init, "body")?.value).toBe('{"secret":"s3cr3t"}');
    const stream = new ReadableStream();
    const [, streamed] = toFetchArgs(post(stream));
    expect(Object.getOwnPropertyDescriptor(streamed, "duplex")?.value).toBe("half");
    expect(taken).toStrictEqual([]);
  });

  const more: [string, object, () => unknown][] = [
    ["WeakRef", WeakRef.prototype, () => ({ v: new WeakRef({}) })],
    ["AggregateError", AggregateError.prototype, () => ({ v: new AggregateError([]) })],
    ["Headers", Headers.prototype, () => ({ v: new Headers() })],
    ["Response", Response.prototype, () => ({ v: new Response("") })],
    ["URL", URL.prototype, () => ({ v: new URL("https://x.example") })],
    ["Intl.Locale", Intl.Locale.prototype, () => ({ v: new Intl.Locale("en") })],
    [
      "%ArrayIteratorPrototype%",
      Object.getPrototypeOf([][Symbol.iterator]()),
      () => ({ v: [][Symbol.iterator]() }),
    ],
    [
      "%GeneratorPrototype%",
      Object.getPrototypeOf(function* () {}).prototype,
      () => ({ v: (function* () {})() }),
    ],
  ];

  it.each(more)(
    "a toJSON on %s.prototype makes the adapters refuse a JSON body",
    (_name, prototype, make) => {
      pollute(prototype, "toJSON", { value: () => "INJECTED", writable: true });
      for (const adapter of [toFetchArgs, toCurl])
        expectEndpointError(() => adapter(post(make())), "invalid_parameter");
    },
  );

  it("a class of the caller's own with a toJSON is written through it, also when it is a global", () => {
    class Money {
      toJSON(): string {
        return "1.00 EUR";
      }
    }
    (globalThis as { Money?: unknown }).Money = Money;
    try {
      expect(new TextDecoder().decode(toFetchArgs(post({ price: new Money() }))[1].body as Uint8Array)).toBe(
        '{"price":"1.00 EUR"}',
      );
    } finally {
      delete (globalThis as { Money?: unknown }).Money;
    }
  });

  it("toCurl counts every argument's end and pointer: 100,000 short headers are refused", () => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < 100_000; i++) headers[`x-${i}`] = "v";
    expectEndpointError(
      () => toCurl({ method: "get", url: "https://h.example/", headers }),
      "invalid_options",
    );
  });

  it("a Proxy that reports a Map's prototype cannot lead headers to an iterator on Object.prototype", () => {
    pollute(Object.prototype, Symbol.iterator, {
      value: function* () {
        yield ["authorization", "token attacker"];
      },
      writable: true,
    });
    const headers = new Proxy({}, { getPrototypeOf: () => Map.prototype });
    expect(outcome(() => endpoint("GET /x", { headers }))).toStrictEqual({ error: "invalid_options" });
  });
});

describe("a text body is sent as given, or refused", () => {
  it.each(["id-\ud800", "\udc00", "a\udc00\ud800b", "end\udbff"])(
    "a lone surrogate in %j, which fetch and curl would send as U+FFFD, is refused by every adapter",
    (text) => {
      const request = endpoint("POST /x", { data: text });
      for (const adapter of [toFetchArgs, toCurl, toHttpMessage]) {
        expectEndpointError(() => adapter(request), "invalid_parameter");
      }
    },
  );

  it("well-formed text beyond the BMP is sent as given", () => {
    const request = endpoint("POST /x", { data: "emoji \ud83d\ude00 and é" });
    expect(toFetchArgs(request)[1].body).toBe("emoji \ud83d\ude00 and é");
  });
});
