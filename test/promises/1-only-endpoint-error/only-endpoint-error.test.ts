// Promise 1 of SECURITY.md: whatever goes in, the only thing thrown is an EndpointError.
// `npm test` runs 10,000 cases per entry point; `npm run fuzz` sets FUZZ_RUNS to a million.
// Getters that throw are left aside here: test/promises/endpoint-errors.test.ts checks that what they throw
// becomes the cause of an invalid_options EndpointError.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCurl, toFetchArgs } from "../../../src/adapters/index.js";
import { EndpointError, endpoint } from "../../../src/index.js";
import { expandTemplate, parseTemplate } from "../../../src/template/uri-template.js";
import {
  hostileCompleteCall,
  hostileOptions,
  hostileRoute,
  hostileTemplate,
  hostileValue,
} from "../../arbitraries.js";

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
// `npm run fuzz` runs past the hang guard of vitest.config.ts.
const long = runs > 10_000 ? { timeout: 0 } : {};

/** Calls `fn`; anything thrown must be an EndpointError with a code and a message. */
function onlyEndpointError(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch (error) {
    if (!(error instanceof EndpointError) || typeof error.code !== "string" || error.message === "") {
      throw new Error(`threw something other than an EndpointError: ${String(error)}`, { cause: error });
    }
    return false;
  }
}

/** Runs `check` on `runs` generated tuples; every input is `unknown` on purpose. */
function fuzz(arbitraries: fc.Arbitrary<unknown>[], check: (...args: unknown[]) => void): void {
  let cases = 0;
  fc.assert(
    fc.property(fc.tuple(...arbitraries), (args) => {
      cases++;
      check(...args);
    }),
    { numRuns: runs },
  );
  expect(cases).toBeGreaterThanOrEqual(runs);
}

describe(`only EndpointError is thrown (${runs.toLocaleString("en")} cases each)`, () => {
  it("endpoint(route, options)", long, () => {
    let reached = 0;
    const call = fc.oneof(fc.tuple(hostileRoute, hostileOptions), hostileCompleteCall);
    fuzz([call], (args) => {
      const [route, options] = args as [unknown, unknown];
      // The results go through both adapters too: any request options they get must convert
      // or be refused with an EndpointError (a caller's object passed on in a body).
      onlyEndpointError(() => {
        const request = endpoint(route as string, options as never);
        reached++;
        toCurl(request);
        toFetchArgs(request);
      });
    });
    // Hostile input must still reach the adapters, or they go untested. Fully hostile calls
    // mostly stop early (about 3.5% get through); the complete calls bring the mix to about 10%
    // (9.7%-11% over eight seeds of 5,000 cases), so the floor sits well clear of chance.
    expect(reached / runs).toBeGreaterThan(0.06);
  });

  it("endpoint(options) and endpoint.parse(options)", long, () => {
    fuzz([hostileOptions], (options) => {
      onlyEndpointError(() => endpoint(options as { url: string }));
      onlyEndpointError(() => endpoint.parse(options as never));
    });
  });

  it("endpoint.merge, then parse", long, () => {
    fuzz([hostileRoute, hostileOptions], (route, options) => {
      onlyEndpointError(() => endpoint.parse(endpoint.merge(route as string, options as never)));
    });
  });

  it("endpoint.defaults(...).defaults(...)(route, options)", long, () => {
    fuzz([hostileOptions, hostileOptions, hostileRoute, hostileOptions], (first, second, route, options) => {
      onlyEndpointError(() =>
        endpoint.defaults(first as never).defaults(second as never)(route as string, options as never),
      );
    });
  });

  it("parseTemplate and expandTemplate", long, () => {
    fuzz([fc.oneof(hostileTemplate, hostileValue), hostileValue], (template, values) => {
      onlyEndpointError(() => parseTemplate(template as string).variableNames);
      onlyEndpointError(() => expandTemplate(template as string, values as object));
    });
  });
});
