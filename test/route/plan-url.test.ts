import { describe, expect, it } from "vitest";
import { planUrl } from "../../src/route/plan-url.js";

describe("route urls: the route syntax on top of RFC 6570", () => {
  it.each<[string, string[], string[]]>([
    ["/repos/{owner}/{repo}", ["owner", "repo"], ["owner", "repo"]],
    [
      "/enterprises/{enterprise}/teams/{enterprise-team}",
      ["enterprise", "enterprise-team"],
      ["enterprise", "enterprise-team"],
    ],
    ["/user/starred/:owner/:repo", ["owner", "repo"], ["owner", "repo"]],
    ["/:a_b1/x:y/:9/:/z", ["a_b1"], ["a_b1"]],
    ["/v1/{name}:cancel", ["name"], ["name"]],
    ["/files/{+path}{/rest*}{?q}{#frag}", ["path", "rest", "q", "frag"], ["path"]],
    ["https://host:8443/:id", ["id"], ["id"]],
    ["https://host/x/:id", ["id"], ["id"]],
    ["/search?x=/:notaparam", [], []],
    ["/a{?q}#/:notaparam", ["q"], []],
    ["/a/{.ext}{;p}", ["ext", "p"], []],
  ])("%s: names %j, required %j", (template, names, required) => {
    const plan = planUrl(template);
    expect(plan.variableNames).toEqual(names);
    expect(plan.requiredSlots.map((slot) => plan.variableNames[slot])).toEqual(required);
  });
});
