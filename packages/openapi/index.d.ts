/**
 * Reads an OpenAPI description from a file, ready for `generateOperations` from
 * `rest-endpoint/generate`: JSON or YAML 1.2, `$ref`s to other files (relative paths, YAML
 * or JSON) bundled into it, and Swagger 2.0 upgraded to OpenAPI 3.1. Each target of a `$ref`
 * in another file is placed once, at the shallowest `$ref` to it; the others point there.
 *
 * Only files in the description's folder or below are read, each once, and never the network.
 * A `$ref` names only the description's own data: a pointer through a name no object or list
 * there holds as its own (`#/__proto__`, `#/constructor/prototype`, `#/list/length`) is
 * refused. Every refusal is a plain `Error` that says why.
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
