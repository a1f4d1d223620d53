import { afterEach, describe, expect, it } from "vitest";
import { expectEndpointError, retainedBytes } from "../../helpers.js";
import { endpoint, undoPollution } from "../loose-endpoint.js";

afterEach(undoPollution);

describe("caches are invisible: a route string never finds what a url option left", () => {
  it.each(["\0/y", "\0/y{?q}"])("%j is invalid_route before and after the url was used", (route) => {
    expectEndpointError(() => endpoint(route), "invalid_route");
    endpoint({ url: route.slice(1) });
    endpoint.parse({ url: route.slice(1), baseUrl: "" });
    expectEndpointError(() => endpoint(route), "invalid_route");
  });

  it.each(["/repos/x\u200b/y", "/x\u00a0y", "/x\u2028"])(
    "the url option %j is refused like the route",
    (url) => {
      expectEndpointError(() => endpoint({ url }), "invalid_route");
      expectEndpointError(() => endpoint.parse({ url }), "invalid_route");
    },
  );
});

describe("caches keep no large string alive", () => {
  it("slices of large strings given as routes, urls or templates do not keep those strings alive", () => {
    const retained = retainedBytes(`
      for (let i = 0; i < 300; i++) {
        const big = "/r" + i + "/" + "x".repeat(1024 * 1024);
        endpoint.merge("GET " + big.slice(0, 40));
        try { endpoint({ url: big.slice(0, 40) }); } catch {}
        parseTemplate(big.slice(0, 40));
      }`);
    // 300 MB of strings went through; the caches may keep their slices, not the strings.
    expect(retained).toBeLessThan(8 * 1024 * 1024);
  });
});
