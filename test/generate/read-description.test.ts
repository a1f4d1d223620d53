// readDescription: JSON only; YAML goes to rest-endpoint-openapi, and the message says so.
import { describe, expect, it } from "vitest";
import { readDescription } from "../../src/generate/index.js";

describe("readDescription", () => {
  it.each([
    ['{"openapi": "3.1.0", "paths": {}}', { openapi: "3.1.0", paths: {} }],
    ['\uFEFF  \n{"openapi": "3.0.3"}', { openapi: "3.0.3" }],
    ['{"__proto__": {"x": 1}}', JSON.parse('{"__proto__": {"x": 1}}')],
  ])("reads JSON: %j", (text, expected) => {
    const value = readDescription(text);
    expect(value).toEqual(expected);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it.each(["openapi: 3.1.0\npaths: {}\n", "---\n{}", "", "[1]", "null"])(
    "sends YAML and other text to rest-endpoint-openapi: %j",
    (text) => {
      expect(() => readDescription(text)).toThrow(
        "This description is not JSON (an object). YAML is read by rest-endpoint-openapi",
      );
    },
  );

  it("refuses text that starts like JSON and is not JSON, with the JSON reader's SyntaxError", () => {
    expect(() => readDescription("{} []")).toThrow(SyntaxError);
    expect(() => readDescription('{"a": 1')).toThrow(SyntaxError);
  });
});
