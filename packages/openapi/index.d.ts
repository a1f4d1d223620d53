/**
 * Reads an OpenAPI description from a file, ready for `generateOperations` from
 * `rest-endpoint/generate`: JSON or YAML 1.2, `$ref`s to other files (relative paths, YAML
 * or JSON) bundled into it, and Swagger 2.0 upgraded to OpenAPI 3.1.
 *
 * @example
 * ```ts
 * import { generateOperations } from "rest-endpoint/generate";
 * import { loadDescription } from "rest-endpoint-openapi";
 * const { module } = generateOperations(await loadDescription("api/openapi.yaml"));
 * ```
 */
export declare function loadDescription(path: string): Promise<{ [key: string]: unknown }>;
