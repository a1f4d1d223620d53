// The Responses Object: the `accept` an operation is sent with (its success responses' media
// types, JSON first) and the body type of each response.
import { describe, expect, it } from "vitest";
import { resolver } from "../../src/generate/read-refs.js";
import { readResponses, responseAccept } from "../../src/generate/read-responses.js";
import { type Schema, schemaTypes } from "../../src/generate/schema-type.js";

const resolve = resolver({});
const content = (...types: string[]) => ({ content: Object.fromEntries(types.map((type) => [type, {}])) });

describe("responseAccept", () => {
  it.each<[string, { given: Schema; want: string | undefined }]>([
    ["no responses", { given: {}, want: undefined }],
    ["a response without content", { given: { responses: { 204: {} } }, want: undefined }],
    [
      "JSON first",
      {
        given: { responses: { 200: content("text/plain", "application/json") } },
        want: "application/json, text/plain",
      },
    ],
    [
      "every success response, each type once",
      {
        given: {
          responses: { 200: content("application/json"), 201: content("application/json", "text/csv") },
        },
        want: "application/json, text/csv",
      },
    ],
    [
      "the default response only when no success is described",
      {
        given: { responses: { 404: content("text/html"), default: content("application/problem+json") } },
        want: "application/problem+json",
      },
    ],
    ["a range is kept", { given: { responses: { "2XX": content("image/*") } }, want: "image/*" }],
    [
      "parameters as written",
      {
        given: { responses: { 200: content(" application/json; version=2 ") } },
        want: "application/json; version=2",
      },
    ],
    [
      "a type that is no header value is passed over",
      { given: { responses: { 200: content("a, b", "text/plain") } }, want: "text/plain" },
    ],
    [
      "past the length bound, anything",
      {
        given: {
          responses: { 200: content(...Array.from({ length: 300 }, (_, i) => `application/x-type-${i}`)) },
        },
        want: "*/*",
      },
    ],
  ])("%s", (_title, { given, want }) => {
    expect(responseAccept(given, resolve)).toBe(want);
  });
});

describe("readResponses", () => {
  it.each<[string, { given: Schema; want: Record<string, string> | undefined }]>([
    ["no responses", { given: {}, want: undefined }],
    ["no content is undefined", { given: { responses: { 204: {} } }, want: { 204: "undefined" } }],
    [
      "JSON content by its schema, text as a string, other content unknown",
      {
        given: {
          responses: {
            200: { content: { "application/json": { schema: { type: "integer" } } } },
            "4XX": { content: { "text/plain": {} } },
            default: { content: { "image/png": {} } },
          },
        },
        want: { 200: "number", "4XX": "string", default: "unknown" },
      },
    ],
    [
      "a status that is no status is passed over",
      { given: { responses: { "600": {}, "x-extra": {} } }, want: undefined },
    ],
  ])("%s", (_title, { given, want }) => {
    const result = readResponses(given, resolve, schemaTypes(resolve).typeOf);
    expect(result === undefined ? undefined : { ...result }).toStrictEqual(want);
  });
});
