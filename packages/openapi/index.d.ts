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

/**
 * Reads the text of one description, JSON or YAML 1.2, into plain values (whatever the text
 * holds: check that it is an object); `$ref`s are left as they are (`loadDescription` reads the
 * files they name). Throws a plain `Error` that says where the text is wrong.
 *
 * @example
 * ```ts
 * import { readDescriptionText } from "rest-endpoint-openapi";
 * readDescriptionText("openapi: 3.1.0\npaths: {}\n"); // { openapi: "3.1.0", paths: {} }
 * ```
 */
export declare function readDescriptionText(text: string): unknown;
