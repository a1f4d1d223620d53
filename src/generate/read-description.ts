/**
 * An OpenAPI description's JSON text read into plain values. YAML, Swagger 2.0 and `$ref`s to
 * other files are read by the package rest-endpoint-openapi (`loadDescription`), which uses
 * well-kept libraries for them; this package keeps none, so that it has no dependencies.
 *
 * @example
 * ```ts
 * readDescription('{"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"}, "paths": {}}').openapi; // "3.1.0"
 * ```
 */
export function readDescription(text: string): { [key: string]: unknown } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!body.trimStart().startsWith("{")) {
    throw new Error(
      "This description is not JSON (an object). YAML is read by rest-endpoint-openapi: loadDescription(path), or `rest-endpoint generate` with that package installed.",
    );
  }
  const value: unknown = JSON.parse(body);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error("An OpenAPI description is an object, and this text holds something else.");
  }
  return value as { [key: string]: unknown };
}
