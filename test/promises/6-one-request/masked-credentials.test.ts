// Credentials never appear in a message: every url the adapters and the command line put in
// one goes through the one masking (src/shared/masked-url.ts), which splits a query where
// servers split it (`&` and `;`), reads names as the most lenient servers read them, and knows
// jwt, bearer, pass and pwd as credentials. A table of urls × every message path.
import { describe, expect, it } from "vitest";
import { paginate } from "../../../src/adapters/paginate.js";
import { toCurl } from "../../../src/adapters/to-curl.js";
import { toFetchArgs } from "../../../src/adapters/to-fetch-args.js";
import { toHttpMessage } from "../../../src/adapters/to-http-message.js";
import { EndpointError, type RequestOptions } from "../../../src/index.js";
import { lenientName } from "../../../src/shared/lenient-name.js";
import { maskedPath, maskedUrl, SECRET_NAME } from "../../../src/shared/masked-url.js";
import { SECRET, SECRET_QUERIES } from "./secret-queries.js";

const CASES = SECRET_QUERIES.map((query) => ({ query }));

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

async function rejectionOf(run: () => Promise<unknown>): Promise<EndpointError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return error as EndpointError;
  }
  throw new Error("expected a rejection");
}

describe("the masking itself", () => {
  it.each(CASES)("maskedUrl and maskedPath mask $query", ({ query }) => {
    for (const url of [
      `https://h.example/x${query}`,
      `/x${query}`,
      `https://u:${SECRET}@h.example/x${query}`,
    ]) {
      expect(maskedUrl(url)).not.toContain(SECRET);
      expect(maskedUrl(url)).toContain("****");
    }
    expect(maskedPath(new URL(`https://h.example/x${query}`))).not.toContain(SECRET);
  });

  it.each([
    ["https://h.example/x?page=2&per_page=30", "https://h.example/x?page=2&per_page=30"],
    ["/x?a=1;b=2", "/x?a=1;b=2"],
    ["/x;jsessionid=S3CR3T/y?q=a+b", "/x;jsessionid=****/y?q=a+b"],
    ["https://h.example/cb#access_token=S3CR3T&state=1", "https://h.example/cb#access_token=****&state=1"],
    ["https://h.example/x?token=a/b?c&d=1", "https://h.example/x?token=****&d=1"],
    ["not a url ?token=S3CR3T", "not a url ?token=****"],
    ["http://u:p:S3CR3T@h.example", "http://****@h.example"],
    ["http://a@b\\@h.example/x", "http://****@h.example/x"],
  ])("maskedUrl(%j) is %j, the rest as written", (url, want) => {
    expect(maskedUrl(url)).toBe(want);
  });

  it.each(["monkey", "passage"])(
    "names holding a credential's word are masked too (%s): masking more is safe",
    (name) => {
      expect(SECRET_NAME.test(lenientName(name))).toBe(true);
    },
  );

  it.each(["page", "per_page", "q", "state", "sort", "direction", "since"])("%s is no credential", (name) => {
    expect(SECRET_NAME.test(lenientName(name))).toBe(false);
  });
});

describe("no adapter message holds a credential", () => {
  it.each(CASES)("invalid_options of every adapter and paginate: $query", async ({ query }) => {
    for (const url of [
      `http://u:${SECRET}@h.example/x${query}`,
      `http://h.example//x${query}`,
      `ftp://h.example/x${query}`,
    ]) {
      const options: RequestOptions = { method: "get", url, headers: {} };
      for (const adapter of [toFetchArgs, toCurl, toHttpMessage]) {
        const message = messageOf(() => adapter(options));
        expect(message).not.toContain(SECRET);
        if (__DEV__) expect(message).toMatch(/^Invalid url "/);
      }
      const error = await rejectionOf(() =>
        paginate(options, { fetch: async () => new Response("[]") }).next(),
      );
      expect(error.code).toBe("invalid_options");
      expect(error.message).not.toContain(SECRET);
    }
  });

  it.each(CASES)("paginate's request_failed: $query", async ({ query }) => {
    for (const url of [`https://h.example/x${query}`, `/x${query}`]) {
      const error = await rejectionOf(() =>
        paginate(
          { method: "get", url, headers: {} },
          {
            fetch: async (given) => {
              throw new TypeError(`fetch failed for ${given}`);
            },
          },
        ).next(),
      );
      expect(error.code).toBe("request_failed");
      expect(error.message).not.toContain(SECRET);
      expect(String((error.cause as Error | undefined)?.message ?? "")).toContain(SECRET);
    }
  });
});
