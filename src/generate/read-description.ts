import { readYaml } from "./read-yaml.js";

/**
 * An OpenAPI description's text, JSON or YAML, read into plain values. JSON is told by its
 * first character (`{`): every JSON document is YAML too, but the JSON reader is faster.
 *
 * @example
 * ```ts
 * readDescription("openapi: 3.1.0\ninfo: { title: Pets, version: '1' }\npaths: {}\n").openapi; // "3.1.0"
 * ```
 */
export function readDescription(text: string): { [key: string]: unknown } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const value = body.trimStart().startsWith("{") ? JSON.parse(body) : readYaml(body);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error("An OpenAPI description is an object (a mapping), and this text holds something else.");
  }
  return value as { [key: string]: unknown };
}
