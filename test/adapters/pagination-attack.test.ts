// The classes an attack on the pagination helpers, toFetchArgs' init and the body types found:
// links that move a relative request to another host with its credentials, objects read
// through a polluted prototype or more than once, and bodies told apart by `instanceof`.
import vm from "node:vm";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toHttpMessage } from "../../src/adapters/to-http-message.js";
import {
  EndpointError,
  endpoint,
  nextRequest,
  paginate,
  type RequestOptions,
  toCurl,
  toFetchArgs,
} from "../../src/index.js";
import { expectEndpointError } from "../helpers.js";

const CREDENTIALS = { authorization: "token t", cookie: "c=1", "proxy-authorization": "p" };
const RELATIVE = endpoint.defaults({ baseUrl: "" })("GET /repos/o/r/issues", { headers: CREDENTIALS });
const ABSOLUTE = endpoint("GET /repos/o/r/issues", { headers: CREDENTIALS });

const hasCredentials = (next: RequestOptions): boolean =>
  Object.keys(next.headers).some((name) => name in CREDENTIALS);

/** Every adapter accepts the options (throws otherwise). */
const sendable = (next: RequestOptions): void => {
  toFetchArgs(next);
  toCurl(next);
  toHttpMessage(next);
};

describe("a next link never moves credentials to another host", () => {
  // Each of the first five gave a relative request the url "//evil.example/x", which a client
  // resolves to the host evil.example, with the caller's authorization.
  it.each([
    "/.//evil.example/x",
    "/a/..//evil.example/x",
    "/a/%2e%2e//evil.example/x",
    "http://relative.invalid//evil.example/x",
    "/\t/evil.example/x",
    "\\\\evil.example/x",
    "/\\evil.example/x",
    "//evil.example/x",
    "https://u:p@api.github.com/x",
    "https://api.github.com/.//x",
  ])("%j: no page, or one without credentials that every adapter accepts", (target) => {
    for (const first of [RELATIVE, ABSOLUTE]) {
      const next = nextRequest(first, `<${target}>; rel="next"`);
      if (next === undefined) continue;
      sendable(next);
      expect(next.url.startsWith("//")).toBe(false);
      if (hasCredentials(next))
        expect(new URL(next.url, "https://api.github.com").origin).toBe("https://api.github.com");
    }
  });

  it("a relative request's page on a made-up or literal host is another origin", () => {
    for (const host of ["relative.invalid", "one.relative.invalid", "two.relative.invalid"]) {
      const next = nextRequest(RELATIVE, `<http://${host}/x>; rel="next"`) as RequestOptions;
      expect(next.url).toBe(`http://${host}/x`);
      expect(hasCredentials(next)).toBe(false);
    }
  });

  it("a relative request's relative pages stay relative, with their credentials", () => {
    expect(nextRequest(RELATIVE, '<?page=2>; rel="next"')?.url).toBe("/repos/o/r/issues?page=2");
    expect(nextRequest(RELATIVE, '</repositories/1/issues?page=2#top>; rel="next"')).toStrictEqual({
      method: "get",
      url: "/repositories/1/issues?page=2",
      headers: { ...RELATIVE.headers },
    });
  });

  const piece = fc.constantFrom(
    "/",
    "\\",
    ".",
    "..",
    "%2e",
    "%2f",
    "\t",
    "\n",
    " ",
    "@",
    ":",
    "?",
    "#",
    "evil.example",
    "api.github.com",
    "relative.invalid",
    "one.relative.invalid",
    "http:",
    "https:",
    "x",
  );
  it("property: with credentials, a next page stays on the request's origin, and every adapter takes it", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, relative) => {
        const next = nextRequest(relative ? RELATIVE : ABSOLUTE, `<${pieces.join("")}>; rel="next"`);
        if (next === undefined) return;
        sendable(next);
        if (!hasCredentials(next)) return;
        if (relative) {
          // A path that keeps any origin it is resolved against.
          expect(next.url).toMatch(/^\/(?!\/)/);
          for (const origin of ["https://a.example", "http://b.example:8080"])
            expect(new URL(next.url, origin).origin).toBe(origin);
        } else {
          expect(new URL(next.url).origin).toBe("https://api.github.com");
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe("toFetchArgs: nothing reaches fetch through a prototype", () => {
  const FIELDS = ["dispatcher", "redirect", "window", "body", "duplex", "mode", "credentials", "signal"];
  afterEach(() => {
    for (const field of [...FIELDS, "keepUserAgent"])
      delete (Object.prototype as Record<string, unknown>)[field];
  });

  it("fetch reads each init field by a plain lookup: a polluted Object.prototype gives none", () => {
    for (const field of FIELDS) (Object.prototype as Record<string, unknown>)[field] = `polluted ${field}`;
    for (const options of [
      endpoint("GET /x"),
      endpoint("POST /x", { a: 1 }),
      endpoint("GET /x", { request: {} }),
    ]) {
      const [, init] = toFetchArgs(options, {}, {});
      for (const field of FIELDS) {
        const read = (init as unknown as Record<string, unknown>)[field];
        expect(read === undefined || !String(read).startsWith("polluted")).toBe(true);
      }
    }
  });

  it("settings are read own and once, and must be an object", () => {
    vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0" });
    try {
      (Object.prototype as Record<string, unknown>).keepUserAgent = true;
      expect(toFetchArgs(endpoint("GET /x"), undefined, {})[1].headers["user-agent"]).toBeUndefined();
      let reads = 0;
      const settings = {
        get keepUserAgent() {
          reads++;
          return true;
        },
      };
      expect(toFetchArgs(endpoint("GET /x"), undefined, settings)[1].headers["user-agent"]).toBeDefined();
      expect(reads).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
    for (const bad of [null, 1, "keep", true]) {
      expectEndpointError(() => toFetchArgs(endpoint("GET /x"), undefined, bad as never), "invalid_options");
      expectEndpointError(() => toFetchArgs(endpoint("GET /x"), bad as never), "invalid_options");
    }
  });
});

describe("paginate reads its arguments once, own properties only, and fails with EndpointError", () => {
  const page = (link?: string): Response =>
    new Response("[]", { headers: link === undefined ? {} : { link } });
  afterEach(() => {
    delete (Object.prototype as { fetch?: unknown }).fetch;
    vi.unstubAllGlobals();
  });

  const drain = async (pages: AsyncIterable<Response>): Promise<number> => {
    let count = 0;
    for await (const response of pages) {
      await response.arrayBuffer();
      count++;
    }
    return count;
  };

  it.each<[string, () => AsyncIterable<Response>]>([
    ["no options", () => paginate(null as never)],
    ["options with no url", () => paginate({ method: "get", headers: {} } as never)],
    ["a null client", () => paginate(ABSOLUTE, null as never)],
    ["a client that is a string", () => paginate(ABSOLUTE, "fetch" as never)],
    ["a fetch that is no function", () => paginate(ABSOLUTE, { fetch: 1 } as never)],
    [
      "a client whose fetch getter throws",
      () =>
        paginate(ABSOLUTE, {
          get fetch(): never {
            throw new Error("boom");
          },
        }),
    ],
    ["a fetch that answers null", () => paginate(ABSOLUTE, { fetch: async () => null as never })],
    [
      "a fetch that answers a response without headers",
      () => paginate(ABSOLUTE, { fetch: async () => ({}) as never }),
    ],
    [
      "a fetch whose response's headers.get throws",
      () =>
        paginate(ABSOLUTE, {
          fetch: async () =>
            ({
              headers: {
                get() {
                  throw new TypeError("no");
                },
              },
            }) as never,
        }),
    ],
  ])("%s", async (_, pages) => {
    const error = await drain(pages()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).code).toBe("invalid_options");
  });

  it("a fetch on a polluted Object.prototype is never called", async () => {
    const polluted = vi.fn(async () => page());
    const runtime = vi.fn(async () => page());
    (Object.prototype as { fetch?: unknown }).fetch = polluted;
    vi.stubGlobal("fetch", runtime);
    expect(await drain(paginate(ABSOLUTE, {}))).toBe(1);
    expect(await drain(paginate(ABSOLUTE))).toBe(1);
    expect(polluted).not.toHaveBeenCalled();
    expect(runtime).toHaveBeenCalledTimes(2);
  });

  it("the options' getters run once, however many pages follow", async () => {
    let reads = 0;
    const options = {
      ...ABSOLUTE,
      get url() {
        reads++;
        return reads === 1 ? "https://api.github.com/items" : "https://evil.example/items";
      },
    };
    const urls: string[] = [];
    const count = await drain(
      paginate(options, {
        fetch: async (url) => {
          urls.push(url);
          return page(
            urls.length < 3
              ? `<https://api.github.com/items?page=${urls.length + 1}>; rel="next"`
              : undefined,
          );
        },
      }),
    );
    expect(count).toBe(3);
    expect(reads).toBe(1);
    expect(urls.every((url) => url.startsWith("https://api.github.com/"))).toBe(true);
  });

  it("a page is known by its url as a parser writes it: two spellings are fetched once", async () => {
    const urls: string[] = [];
    const first: RequestOptions = { method: "get", url: "https://API.github.com:443/items", headers: {} };
    await drain(
      paginate(first, {
        fetch: async (url) => {
          urls.push(url);
          return page('<https://api.github.com/items>; rel="next"');
        },
      }),
    );
    expect(urls).toStrictEqual(["https://API.github.com:443/items"]);
  });

  it("what fetch rejects with passes through as it is", async () => {
    const failure = new TypeError("fetch failed");
    const error = await drain(
      paginate(ABSOLUTE, {
        fetch: async () => {
          throw failure;
        },
      }),
    ).catch((thrown: unknown) => thrown);
    expect(error).toBe(failure);
  });
});

describe("bodies are told apart by what they are, not by instanceof", () => {
  const otherRealm = vm.runInNewContext(
    "({ buffer: new ArrayBuffer(3), bytes: new Uint8Array([1, 2]) })",
  ) as {
    buffer: ArrayBuffer;
    bytes: Uint8Array;
  };
  it.each<[string, unknown, number[]]>([
    ["an ArrayBuffer of another realm", otherRealm.buffer, [0, 0, 0]],
    ["a Uint8Array of another realm", otherRealm.bytes, [1, 2]],
    ["a SharedArrayBuffer", new SharedArrayBuffer(2), [0, 0]],
  ])("%s is bytes: no JSON content-type, sent as the same bytes", (_, data, bytes) => {
    const options = endpoint("POST /x", { data });
    expect(options.headers["content-type"]).toBeUndefined();
    const [, init] = toFetchArgs(options);
    const body = init.body as ArrayBuffer | ArrayBufferView;
    const view = ArrayBuffer.isView(body)
      ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
      : new Uint8Array(body);
    expect([...view]).toStrictEqual(bytes);
    expect([...toHttpMessage(options).slice(-bytes.length - 4)]).toStrictEqual([13, 10, 13, 10, ...bytes]);
  });

  it.each<[string, unknown]>([
    ["Blob", Object.create(Blob.prototype)],
    ["File", Object.create(File.prototype)],
    ["FormData", Object.create(FormData.prototype)],
    ["URLSearchParams", Object.create(URLSearchParams.prototype)],
    ["ReadableStream", Object.create(ReadableStream.prototype)],
    ["ArrayBuffer", Object.create(ArrayBuffer.prototype)],
  ])("an object that only has the prototype of %s is no such body: it is written as JSON", (_, data) => {
    const options = endpoint("POST /x", { data });
    expect(options.headers["content-type"]).toBe("application/json; charset=utf-8");
    const [, init] = toFetchArgs(options);
    expect(init.body).toBe("{}");
    expect(init.duplex).toBeUndefined();
  });
});

describe("a seventh attack: what fetch looks up through prototypes, and views with another prototype", () => {
  it("init.headers has no prototype: a polluted Object.prototype[Symbol.iterator] is not found on it", () => {
    const [, init] = toFetchArgs(endpoint("GET /x", { headers: { authorization: "token mine" } }));
    expect(Object.getPrototypeOf(init.headers)).toBe(null);
    Object.defineProperty(Object.prototype, Symbol.iterator, {
      configurable: true,
      writable: true,
      value: function* () {
        yield ["authorization", "token ATTACKER"];
      },
    });
    try {
      // What fetch's WebIDL conversion looks up first: it finds nothing, and reads the own keys.
      expect((init.headers as { [Symbol.iterator]?: unknown })[Symbol.iterator]).toBeUndefined();
      expect(Reflect.ownKeys(init.headers)).toContain("authorization");
    } finally {
      delete (Object.prototype as { [Symbol.iterator]?: unknown })[Symbol.iterator];
    }
  });

  const swapped = (prototype: object | null): Uint8Array =>
    Object.setPrototypeOf(new Uint8Array([1, 2, 3]), prototype) as Uint8Array;
  it.each<[string, object | null]>([
    ["a class's", class Other {}.prototype],
    ["Array's", Array.prototype],
    ["Blob's", Blob.prototype],
    ["Object's", Object.prototype],
    ["no", null],
  ])(
    "a view with %s prototype is sent as its own bytes, even with Object.prototype.buffer polluted",
    (_, prototype) => {
      for (const polluted of [false, true]) {
        if (polluted) (Object.prototype as { buffer?: unknown }).buffer = [69, 86, 73, 76];
        try {
          const options = endpoint("POST /x", { data: swapped(prototype) });
          expect(options.headers["content-type"]).toBeUndefined();
          const body = toFetchArgs(options)[1].body as Uint8Array;
          expect([...new Uint8Array(body.buffer, body.byteOffset, body.byteLength)]).toStrictEqual([1, 2, 3]);
          expect(toCurl(options)).toContain("printf '\\001\\002\\003'");
          expect([...toHttpMessage(options).slice(-3)]).toStrictEqual([1, 2, 3]);
        } finally {
          delete (Object.prototype as { buffer?: unknown }).buffer;
        }
      }
    },
  );

  it.each<[string, () => object]>([
    ["URLSearchParams", () => new URLSearchParams("a=b")],
    ["Blob", () => new Blob(["x"])],
    ["ReadableStream", () => new ReadableStream()],
  ])(
    "a %s whose prototype was replaced is invalid_parameter in every adapter (fetch would send its toString())",
    (_, make) => {
      const body = Object.setPrototypeOf(make(), {
        toString: () => "FOO",
      });
      // endpoint() sends nothing: it labels the body by its brand, and the adapters refuse it.
      const options = endpoint("POST /x", { data: body });
      expect(options.headers["content-type"]).toBeUndefined();
      for (const adapter of [toFetchArgs, toCurl, toHttpMessage]) {
        expectEndpointError(() => adapter(options), "invalid_parameter");
      }
    },
  );
});
