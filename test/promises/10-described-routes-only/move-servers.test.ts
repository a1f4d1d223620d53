// moveServers: one call moves a described api (its baseUrl and every operation, those with
// servers of their own too) by a server map; a builder whose baseUrl left the API's servers
// never sends an operation to a described host the map leaves out: it refuses, naming the host.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EndpointError, endpoint } from "../../../src/index.js";
import {
  describeOperations,
  moveServers,
  withPlainRoutes,
} from "../../../src/operations/describe-operations.js";
import { productionMessage, thrownBy } from "../../helpers.js";

const API = "https://api.example";
const FILES = "https://files.example";
const DATA = {
  "GET /v1/customers": "/v1/customers{?limit}",
  "POST /v1/customers": "/v1/customers",
  "POST https://files.example/v1/files": {
    url: "https://files.example/v1/files",
    body: "multipart/form-data",
  },
  "GET https://files.example/v1/files/{file}": "https://files.example/v1/files/{file}",
};
const SERVERS = [API, FILES];
const api = {
  baseUrl: API,
  headers: { accept: null },
  operations: describeOperations(DATA, { servers: SERVERS }),
};
const MOCK = "http://localhost:12111";
const FILES_MOCK = "http://localhost:12112";

function refusal(run: () => unknown): EndpointError {
  const error = thrownBy(run);
  expect(error).toBeInstanceOf(EndpointError);
  return error as EndpointError;
}

type Want = { url: string } | { refused: string };
const CALLS = [
  ["GET /v1/customers", { limit: 2 }],
  ["POST https://files.example/v1/files", {}],
  ["GET https://files.example/v1/files/{file}", { file: "f 1" }],
] as const;

/** A call on a builder with any route, as plain JavaScript makes it. */
const call = (
  builder: unknown,
  route: string,
  options: object,
): { url: string; headers: Record<string, string> } =>
  (builder as (route: string, options: object) => { url: string; headers: Record<string, string> })(
    route,
    options,
  );

/** What each call of `CALLS` gives on `builder`: its url, or the host its refusal names. */
function outcomes(builder: ReturnType<typeof endpoint.defaults>): Want[] {
  return CALLS.map(([route, options]) => {
    const error = thrownBy(() => call(builder, route, options));
    if (error === undefined) return { url: call(builder, route, options).url };
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).code).toBe("invalid_base_url");
    const message = (error as EndpointError).message;
    if (!__DEV__) expect(message).toBe(productionMessage("invalid_base_url", undefined, FILES));
    return { refused: __DEV__ ? (/goes to "([^"]*)"/.exec(message)?.[1] ?? message) : FILES };
  });
}

const ROWS: [string, { given: () => ReturnType<typeof endpoint.defaults>; want: Want[] }][] = [
  [
    "not moved: every operation goes to its described server",
    {
      given: () => endpoint.defaults(api),
      want: [
        { url: `${API}/v1/customers?limit=2` },
        { url: `${FILES}/v1/files` },
        { url: `${FILES}/v1/files/f%201` },
      ],
    },
  ],
  [
    "both servers mapped: every operation moves, those with servers of their own too",
    {
      given: () => endpoint.defaults(moveServers(api, { [API]: MOCK, [FILES]: FILES_MOCK })),
      want: [
        { url: `${MOCK}/v1/customers?limit=2` },
        { url: `${FILES_MOCK}/v1/files` },
        { url: `${FILES_MOCK}/v1/files/f%201` },
      ],
    },
  ],
  [
    "the API's server mapped, the files server left out: its operations are refused, naming it",
    {
      given: () => endpoint.defaults(moveServers(api, { [API]: MOCK })),
      want: [{ url: `${MOCK}/v1/customers?limit=2` }, { refused: FILES }, { refused: FILES }],
    },
  ],
  [
    "baseUrl moved by hand, without a map: the same refusal",
    {
      given: () => endpoint.defaults({ ...api, baseUrl: MOCK }),
      want: [{ url: `${MOCK}/v1/customers?limit=2` }, { refused: FILES }, { refused: FILES }],
    },
  ],
  [
    "baseUrl moved to a relative path (a proxy on the page's origin): the same refusal",
    {
      given: () => endpoint.defaults({ ...api, baseUrl: "/stripe" }),
      want: [{ url: "/stripe/v1/customers?limit=2" }, { refused: FILES }, { refused: FILES }],
    },
  ],
  [
    "a server mapped to itself: sent there on purpose",
    {
      given: () => endpoint.defaults(moveServers(api, { [API]: MOCK, [FILES]: FILES })),
      want: [
        { url: `${MOCK}/v1/customers?limit=2` },
        { url: `${FILES}/v1/files` },
        { url: `${FILES}/v1/files/f%201` },
      ],
    },
  ],
  [
    "only the files server mapped: the builder stays home, the uploads move",
    {
      given: () => endpoint.defaults(moveServers(api, { [FILES]: FILES_MOCK })),
      want: [
        { url: `${API}/v1/customers?limit=2` },
        { url: `${FILES_MOCK}/v1/files` },
        { url: `${FILES_MOCK}/v1/files/f%201` },
      ],
    },
  ],
  [
    "a path of the API's host is home: nothing left the API's hosts",
    {
      given: () => endpoint.defaults({ ...api, baseUrl: `${API}/v2` }),
      want: [
        { url: `${API}/v2/v1/customers?limit=2` },
        { url: `${FILES}/v1/files` },
        { url: `${FILES}/v1/files/f%201` },
      ],
    },
  ],
  [
    "a moved table under the description's baseUrl given back by hand: the map still moves every url",
    {
      given: () =>
        endpoint.defaults({ ...moveServers(api, { [API]: MOCK, [FILES]: FILES_MOCK }), baseUrl: API }),
      want: [
        { url: `${MOCK}/v1/customers?limit=2` },
        { url: `${FILES_MOCK}/v1/files` },
        { url: `${FILES_MOCK}/v1/files/f%201` },
      ],
    },
  ],
  [
    "a map key with a path: only urls under it move",
    {
      given: () => endpoint.defaults(moveServers(api, { [`${API}/v1`]: `${MOCK}/api` })),
      want: [
        { url: `${MOCK}/api/customers?limit=2` },
        { url: `${FILES}/v1/files` },
        { url: `${FILES}/v1/files/f%201` },
      ],
    },
  ],
  [
    "a trailing slash on a key or a target is one url",
    {
      given: () =>
        endpoint.defaults(moveServers(api, { [`${API}/`]: `${MOCK}/`, [`${FILES}/`]: `${FILES_MOCK}/` })),
      want: [
        { url: `${MOCK}/v1/customers?limit=2` },
        { url: `${FILES_MOCK}/v1/files` },
        { url: `${FILES_MOCK}/v1/files/f%201` },
      ],
    },
  ],
];

describe("moveServers and a builder moved off the API's servers", () => {
  it.each(ROWS)("%s", (_title, { given, want }) => {
    expect(outcomes(given())).toEqual(want);
  });

  it("a call's own baseUrl counts as the builder's", () => {
    const builder = endpoint.defaults(api);
    expect(refusal(() => builder("POST https://files.example/v1/files", { baseUrl: MOCK })).code).toBe(
      "invalid_base_url",
    );
    expect(builder("GET /v1/customers", { baseUrl: MOCK }).url).toBe(`${MOCK}/v1/customers`);
  });

  it("moves the baseUrl and keeps every other default of the api", () => {
    const moved = moveServers({ ...api, per_page: 3 }, { [API]: MOCK });
    expect(moved.baseUrl).toBe(MOCK);
    expect(moved.per_page).toBe(3);
    expect(moved.headers).toEqual({ accept: null });
    expect(api.baseUrl).toBe(API);
    expect(endpoint.defaults(api)("GET /v1/customers").url).toBe(`${API}/v1/customers`);
  });

  it("a call whose baseUrl is the mapped server's own url is moved too: an unmapped server of its own is refused", () => {
    const builder = endpoint.defaults(moveServers(api, { [API]: MOCK }));
    expect(builder("GET /v1/customers", { baseUrl: API }).url).toBe(`${MOCK}/v1/customers`);
    expect(refusal(() => builder("POST https://files.example/v1/files", { baseUrl: API })).code).toBe(
      "invalid_base_url",
    );
  });

  it("the refusal says how to map the host", () => {
    const error = refusal(() =>
      endpoint.defaults({ ...api, baseUrl: MOCK })("POST https://files.example/v1/files"),
    );
    if (__DEV__) {
      expect(error.message).toContain(`Route "POST https://files.example/v1/files" goes to "${FILES}"`);
      expect(error.message).toContain(`moveServers(api, { "${FILES}": "http://localhost:4011" })`);
    }
  });

  it("plain routes of a moved api go to the moved baseUrl; described ones stay moved", () => {
    const moved = endpoint.defaults(withPlainRoutes(moveServers(api, { [API]: MOCK, [FILES]: FILES_MOCK })));
    expect(moved("GET /healthz").url).toBe(`${MOCK}/healthz`);
    expect(moved("POST https://files.example/v1/files").url).toBe(`${FILES_MOCK}/v1/files`);
    const other = endpoint.defaults(moveServers(withPlainRoutes(api), { [API]: MOCK }));
    expect(other("GET /healthz").url).toBe(`${MOCK}/healthz`);
  });

  it("a table without servers (written by hand) has no home to leave: its operations go as described", () => {
    const table = describeOperations(DATA);
    expect(
      endpoint.defaults({ baseUrl: MOCK, operations: table })("POST https://files.example/v1/files").url,
    ).toBe(`${FILES}/v1/files`);
    const moved = endpoint.defaults(
      moveServers({ baseUrl: API, operations: table }, { [API]: MOCK, [FILES]: FILES_MOCK }),
    );
    expect(moved("POST https://files.example/v1/files").url).toBe(`${FILES_MOCK}/v1/files`);
  });
});

describe("what moveServers refuses", () => {
  const REFUSED: [string, { given: () => unknown; want: string }][] = [
    [
      "a key that names no server of the API (a typo)",
      { given: () => moveServers(api, { "https://api.exmple": MOCK }), want: "invalid_base_url" },
    ],
    [
      "a key on another scheme",
      { given: () => moveServers(api, { "http://api.example": MOCK }), want: "invalid_base_url" },
    ],
    [
      "a key under a server's origin that no operation lies under (a path typo)",
      { given: () => moveServers(api, { [`${API}/v2`]: MOCK }), want: "invalid_base_url" },
    ],
    [
      "a key that cuts a path segment of an operation",
      { given: () => moveServers(api, { [`${FILES}/v1/fil`]: FILES_MOCK }), want: "invalid_base_url" },
    ],
    [
      "a target that is no baseUrl",
      { given: () => moveServers(api, { [API]: "ftp://mock" }), want: "invalid_base_url" },
    ],
    [
      "a target with a query",
      { given: () => moveServers(api, { [API]: `${MOCK}/?x=1` }), want: "invalid_base_url" },
    ],
    [
      "a target with credentials",
      { given: () => moveServers(api, { [API]: "http://u:p@localhost" }), want: "invalid_base_url" },
    ],
    [
      "a target that is not a string",
      { given: () => moveServers(api, { [API]: 12111 as never }), want: "invalid_base_url" },
    ],
    [
      "a map that is not an object",
      { given: () => moveServers(api, [[API, MOCK]] as never), want: "invalid_base_url" },
    ],
    [
      "an api moved already",
      {
        given: () => moveServers(moveServers(api, { [API]: MOCK }), { [FILES]: FILES_MOCK }),
        want: "invalid_options",
      },
    ],
    [
      "an api without a table",
      { given: () => moveServers({ baseUrl: API } as never, { [API]: MOCK }), want: "invalid_options" },
    ],
    [
      "a lookalike table",
      {
        given: () => moveServers({ baseUrl: API, operations: {} }, { [API]: MOCK }),
        want: "invalid_options",
      },
    ],
  ];

  it.each(REFUSED)("%s", (_title, { given, want }) => {
    expect(refusal(given).code).toBe(want);
  });

  it("a misspelt key is named, with the servers it could be", () => {
    const error = refusal(() => moveServers(api, { "https://api.exmple": MOCK }));
    if (__DEV__)
      expect(error.message).toContain(
        `names "https://api.exmple", which is none of the API's servers ("${API}", "${FILES}"`,
      );
  });
});

describe("credentials of a moved api", () => {
  const secured = (credentials: Record<string, string>) => ({
    baseUrl: API,
    operations: describeOperations(DATA, {
      securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } },
      security: [["key"]],
      servers: SERVERS,
      credentials,
    }),
  });

  it("go to the targets of the servers they went to", () => {
    const moved = endpoint.defaults(moveServers(secured({ key: "k" }), { [API]: MOCK, [FILES]: FILES_MOCK }));
    expect(moved("GET /v1/customers").headers["x-key"]).toBe("k");
    expect(moved("POST https://files.example/v1/files").headers["x-key"]).toBe("k");
  });

  it("go nowhere else: a baseUrl moved past the map keeps refusing them", () => {
    const moved = endpoint.defaults({
      ...moveServers(secured({ key: "k" }), { [API]: MOCK, [FILES]: FILES_MOCK }),
      baseUrl: "https://elsewhere.example",
    });
    expect(refusal(() => moved("GET /v1/customers")).code).toBe("invalid_base_url");
  });
});

describe("property: a moved builder sends each operation to a host the map names, or refuses", () => {
  it("for any map of the API's servers and any baseUrl", () => {
    const target = fc.integer({ min: 1024, max: 65535 }).map((port) => `http://127.0.0.1:${port}`);
    fc.assert(
      fc.property(
        fc.option(target, { nil: undefined }),
        fc.option(target, { nil: undefined }),
        fc.constantFrom<"moved" | "hand" | "home">("moved", "hand", "home"),
        target,
        (apiTarget, filesTarget, baseUrlChoice, handBase) => {
          const map: Record<string, string> = {};
          if (apiTarget !== undefined) map[API] = apiTarget;
          if (filesTarget !== undefined) map[FILES] = filesTarget;
          const moved = moveServers(api, map);
          const baseUrl =
            baseUrlChoice === "moved" ? moved.baseUrl : baseUrlChoice === "hand" ? handBase : API;
          const builder = endpoint.defaults({ ...moved, baseUrl });
          const atHome = new URL(baseUrl).origin === API || new URL(baseUrl).origin === FILES;
          // The API's own url given as baseUrl beside a map that moves it is moved too.
          const movedByMap = baseUrl === API && apiTarget !== undefined;
          for (const [route, options] of CALLS) {
            const own = route.includes(FILES);
            const error = thrownBy(() => call(builder, route, options));
            if (error !== undefined) {
              // Refused only where a described host would otherwise be reached from a moved builder.
              expect((error as EndpointError).code).toBe("invalid_base_url");
              expect(own && filesTarget === undefined && (!atHome || movedByMap)).toBe(true);
              continue;
            }
            const origin = new URL(call(builder, route, options).url).origin;
            const base = new URL(baseUrl).origin;
            if (own && filesTarget !== undefined) expect(origin).toBe(filesTarget);
            else if (own) {
              expect(atHome && !movedByMap).toBe(true);
              expect(origin).toBe(FILES);
            } else expect(origin).toBe(base === API && apiTarget !== undefined ? apiTarget : base);
          }
        },
      ),
    );
  });
});
