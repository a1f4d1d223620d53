// A builder made from a table refuses a route the table does not describe (invalid_route),
// naming the closest described routes, unless the table takes plain routes: a misspelt route
// in plain JavaScript never goes out by another API's (GitHub's) rules.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EndpointError, endpoint } from "../../../src/index.js";
import { closestRoutes, editDistance } from "../../../src/operations/closest-routes.js";
import { describeOperations, withPlainRoutes } from "../../../src/operations/describe-operations.js";
import { operations as github } from "../../../src/operations/github-operations.js";
import { productionMessage, thrownBy } from "../../helpers.js";

const DATA = {
  "GET /v1/customers": "/v1/customers{?limit}",
  "POST /v1/customers": { url: "/v1/customers", body: "application/x-www-form-urlencoded" },
  "GET /v1/customers/{customer}": "/v1/customers/{customer}",
  "POST /v1/customers/{customer}": {
    url: "/v1/customers/{customer}",
    body: "application/x-www-form-urlencoded",
  },
  "DELETE /v1/customers/{customer}": "/v1/customers/{customer}",
  "GET /v1/charges": "/v1/charges",
  "POST https://files.api.example/v1/files": {
    url: "https://files.api.example/v1/files",
    body: "multipart/form-data",
  },
};
const api = {
  baseUrl: "https://api.example",
  headers: { accept: null },
  operations: describeOperations(DATA),
};
const strict = endpoint.defaults(api);
const plain = endpoint.defaults(withPlainRoutes(api));

/** The error a call throws, checked to be an `EndpointError`. */
function refusal(run: () => unknown): EndpointError {
  const error = thrownBy(run);
  expect(error).toBeInstanceOf(EndpointError);
  return error as EndpointError;
}

/** The routes a refusal's message offers ("Did you mean ...?"), in its order. */
function offered(error: EndpointError): string[] {
  const question = /Did you mean (.*)\?/.exec(error.message)?.[1] ?? "";
  return [...question.matchAll(/"([^"]*)"/g)].map((match) => match[1] as string);
}

const REFUSED: [string, { given: string; want: string[] }][] = [
  // Another method counts as one edit more: the POST of the same path is offered after the GET.
  ["a misspelt path", { given: "GET /v1/custmers", want: ["GET /v1/customers", "POST /v1/customers"] }],
  [
    "a path parameter named otherwise (same shape)",
    {
      given: "GET /v1/customers/{id}",
      want: [
        "GET /v1/customers/{customer}",
        "POST /v1/customers/{customer}",
        "DELETE /v1/customers/{customer}",
      ],
    },
  ],
  [
    "a method the path does not have",
    {
      given: "PATCH /v1/customers/{customer}",
      want: [
        "GET /v1/customers/{customer}",
        "POST /v1/customers/{customer}",
        "DELETE /v1/customers/{customer}",
      ],
    },
  ],
  [
    "a bare path, whose method (GET) the path does not have",
    { given: "/v1/charge", want: ["GET /v1/charges"] },
  ],
  ["a trailing slash", { given: "GET /v1/charges/", want: ["GET /v1/charges"] }],
  ["a lowercase method and a misspelt path", { given: "get /v1/chrages", want: ["GET /v1/charges"] }],
  ["a query written in the route", { given: "GET /v1/customers?limit=1", want: [] }],
  [
    "the path of an operation with a server of its own, the server left out",
    { given: "POST /v1/files", want: ["POST https://files.api.example/v1/files"] },
  ],
  ["a part of that path", { given: "PUT /files", want: ["POST https://files.api.example/v1/files"] }],
  ["nothing close", { given: "GET /repos/{owner}/{repo}/issues", want: [] }],
];

describe("a route the table does not describe", () => {
  it.each(REFUSED)("is refused, naming the closest routes: %s", (_title, { given, want }) => {
    const error = refusal(() => strict(given));
    expect(error.code).toBe("invalid_route");
    const route = /^\S+ /.test(given) ? given.replace(/^\S+/, (m) => m.toUpperCase()) : `GET ${given}`;
    if (__DEV__) {
      expect(error.message).toContain(
        `Route ${JSON.stringify(route)} is not described by this builder's operations (7 routes).`,
      );
      expect(offered(error)).toEqual(want);
      expect(error.message).toContain("withPlainRoutes(api)");
    } else {
      expect(error.message).toBe(productionMessage("invalid_route", undefined, route));
    }
  });

  it("is refused the same by every member and form: options, merge(), defaults(), parse()", () => {
    for (const run of [
      () => strict({ method: "GET", url: "/v1/custmers" }),
      () => strict.merge("GET /v1/custmers"),
      () => strict.defaults("GET /v1/custmers", { limit: 1 }),
      () => strict.parse({ ...strict.merge("GET /v1/customers"), url: "/v1/custmers" }),
      () => endpoint({ method: "GET", url: "/v1/custmers", operations: api.operations }),
    ]) {
      const error = refusal(run);
      expect(error.code).toBe("invalid_route");
      if (__DEV__) expect(offered(error)).toEqual(["GET /v1/customers", "POST /v1/customers"]);
    }
  });

  it("is not asked for when there is no url: building says so itself", () => {
    expect(refusal(() => strict({ method: "GET" })).code).toBe("invalid_route");
    if (__DEV__) expect(refusal(() => strict({ method: "GET" })).message).toMatch(/^No url to request/);
  });

  it("is sent by the rules of a plain route when the table takes plain routes", () => {
    expect(plain("GET /v1/custmers", { limit: 1 }).url).toBe("https://api.example/v1/custmers?limit=1");
    const sent = plain("POST /v1/things", { a: 1 });
    expect(sent.body).toEqual({ a: 1 });
    expect(sent.headers["content-type"]).toBe("application/json; charset=utf-8");
    // Described routes are sent as described on both builders.
    expect(plain("POST /v1/customers", { email: "a@b" })).toEqual(
      strict("POST /v1/customers", { email: "a@b" }),
    );
    const table = describeOperations(DATA, { plainRoutes: true });
    expect(endpoint.defaults({ ...api, operations: table })("GET /x").url).toBe("https://api.example/x");
  });

  it("withPlainRoutes keeps the api's other defaults and leaves the api it was given as it was", () => {
    const given = { ...api, per_page: 5 };
    const taken = withPlainRoutes(given);
    expect(taken.baseUrl).toBe("https://api.example");
    expect(taken.per_page).toBe(5);
    expect(taken.operations).not.toBe(api.operations);
    expect(given.operations).toBe(api.operations);
    expect(refusal(() => strict("GET /x")).code).toBe("invalid_route");
  });

  it("withPlainRoutes makes the table again from what was read: data changed afterwards changes nothing", () => {
    const data: Record<string, string> = { "GET /q": "/q{?a*}" };
    const settings = { accept: "application/json" };
    const table = describeOperations(data, settings);
    data["GET /q"] = "/other";
    data["GET /r"] = "/r";
    settings.accept = "text/plain";
    const taken = endpoint.defaults(
      withPlainRoutes({ baseUrl: "https://api.example", headers: { accept: null }, operations: table }),
    );
    const sent = taken("GET /q", { a: [1, 2] });
    expect(sent.url).toBe("https://api.example/q?a=1&a=2");
    expect(sent.headers.accept).toBe("application/json");
    expect(taken("GET /r", { a: [1, 2] }).url).toBe("https://api.example/r?a=1,2");
  });

  it("withPlainRoutes takes only an api whose operations a describeOperations() made", () => {
    for (const given of [
      undefined,
      null,
      "api",
      [],
      { operations: {} },
      { baseUrl: "https://api.example" },
    ]) {
      expect(refusal(() => withPlainRoutes(given as never)).code).toBe("invalid_options");
    }
  });

  it("plainRoutes must be a boolean", () => {
    expect(refusal(() => describeOperations(DATA, { plainRoutes: "yes" as never })).code).toBe(
      "invalid_options",
    );
  });
});

describe("GitHub's builders stay a drop-in for @octokit/endpoint", () => {
  it("the default builder has no table: any route goes out", () => {
    expect(endpoint("GET /not/described/anywhere").url).toBe("https://api.github.com/not/described/anywhere");
  });

  it("GitHub's table takes plain routes (Enterprise Server's, previews)", () => {
    const gh = endpoint.defaults({ operations: github });
    expect(gh("GET /admin/hooks" as never).url).toBe("https://api.github.com/admin/hooks");
    expect(gh("GET /orgs/{org}/personal-access-tokens", { org: "o", owner: ["a", "b"] }).url).toBe(
      "https://api.github.com/orgs/o/personal-access-tokens?owner%5B%5D=a&owner%5B%5D=b",
    );
  });
});

describe("closestRoutes", () => {
  const routes = Object.keys(DATA);

  it("offers at most three, the closest first, by shape then table order", () => {
    expect(closestRoutes("GET /v1/customers/{x}", routes)).toEqual([
      "GET /v1/customers/{customer}",
      "POST /v1/customers/{customer}",
      "DELETE /v1/customers/{customer}",
    ]);
    expect(closestRoutes("GET /v1/customer", routes)).toEqual(["GET /v1/customers", "POST /v1/customers"]);
    expect(closestRoutes("DELETE /v1/charges", routes)).toEqual(["GET /v1/charges"]);
  });

  it("property: a described route that a few edits changed is offered, however large the table", () => {
    const table = [...routes, ...Array.from({ length: 500 }, (_, i) => `GET /v1/other_${i}/items/{id}`)];
    fc.assert(
      fc.property(
        fc.constantFrom(...routes.slice(0, 6)),
        fc.array(fc.tuple(fc.nat(40), fc.constantFrom("x", "q", "")), { minLength: 1, maxLength: 2 }),
        (route, edits) => {
          const space = route.indexOf(" ");
          let url = route.slice(space);
          for (const [at, letter] of edits) {
            // One edit (a letter replaced, inserted or removed) inside the path's literal text.
            const i = 2 + (at % (url.length - 2));
            if (
              url[i] === "{" ||
              url[i] === "}" ||
              url.slice(0, i).lastIndexOf("{") > url.slice(0, i).lastIndexOf("}")
            )
              continue;
            url = url.slice(0, i) + letter + url.slice(i + (letter === "" || at % 2 === 0 ? 1 : 0));
          }
          const given = route.slice(0, space) + url;
          fc.pre(!routes.includes(given));
          expect(closestRoutes(given, table)).toContain(route);
        },
      ),
    );
  });

  it("property: editDistance is Levenshtein's distance within the limit, and limit + 1 past it", () => {
    const full = (a: string, b: string): number => {
      let row = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const next = [i];
        for (let j = 1; j <= b.length; j++) {
          next[j] = Math.min(
            (row[j] as number) + 1,
            (next[j - 1] as number) + 1,
            (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
        }
        row = next;
      }
      return row[b.length] as number;
    };
    const text = fc.string({ unit: fc.constantFrom("a", "b", "c", "/", "{"), maxLength: 16 });
    fc.assert(
      fc.property(text, text, fc.nat(10), (a, b, limit) => {
        expect(editDistance(a, b, limit)).toBe(Math.min(full(a, b), limit + 1));
      }),
    );
  });

  it("a long route costs the table's size, not its length times the table's", () => {
    const long = `GET /${"a".repeat(200_000)}`;
    expect(closestRoutes(long, routes)).toEqual([]);
    expect(refusal(() => strict(long)).code).toBe("invalid_route");
  });
});

describe("property: any route the table does not describe is refused, any it describes is built", () => {
  const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD");
  const segment = fc.stringMatching(/^[a-z0-9_{}-]{1,12}$/).filter((text) => !/\{[^}]*$|^[^{]*\}/.test(text));
  const url = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join("/")}`);

  it("refused on a strict table, sent as a plain route on one that takes them", () => {
    fc.assert(
      fc.property(
        method,
        fc.oneof(url, fc.constantFrom(...Object.keys(DATA).map((key) => key.split(" ")[1] as string))),
        (m, u) => {
          const route = `${m} ${u}`;
          let compiled = true;
          try {
            endpoint.merge(route);
          } catch {
            compiled = false;
          }
          fc.pre(compiled);
          if (Object.hasOwn(DATA, route)) {
            expect(thrownBy(() => strict.merge(route))).toBeUndefined();
          } else {
            const error = refusal(() => strict.merge(route));
            expect(error.code).toBe("invalid_route");
            expect(thrownBy(() => plain.merge(route))).toBeUndefined();
          }
        },
      ),
    );
  });
});
