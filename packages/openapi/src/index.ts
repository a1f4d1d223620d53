// rest-endpoint-openapi: what the generator needs from well-kept libraries, kept in a package of
// its own so that none of them reaches a user who only imports rest-endpoint: `yaml` (YAML 1.2)
// and @scalar/openapi-upgrader (Swagger 2.0 to OpenAPI 3.1). `$ref`s to other files are bundled
// here: a pointer names only own properties, and the work is linear in the files.
import { resolve } from "node:path";
import { upgrade } from "@scalar/openapi-upgrader";
import { bundleDescription } from "./bundle-description.js";
import { clearError } from "./clear-error.js";
import { readYaml } from "./read-yaml.js";

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
 * const petstore = "node_modules/rest-endpoint-openapi/examples/petstore.yaml";
 * const generated = generateOperations(await loadDescription(petstore));
 * generated.operations.map((operation) => operation.id); // ["listPets", "createPet", "showPetById"]
 * ```
 */
export async function loadDescription(path: string): Promise<{ [key: string]: unknown }> {
  let bundled: unknown;
  try {
    bundled = bundleDescription(resolve(path));
  } catch (error) {
    throw clearError(error);
  }
  if (typeof bundled !== "object" || bundled === null || Array.isArray(bundled)) {
    throw new Error(`${path} holds no OpenAPI description (an object).`);
  }
  const description = bundled as { [key: string]: unknown };
  if (description.swagger !== "2.0") return description;
  try {
    return upgrade(description, "3.1") as { [key: string]: unknown };
  } catch (error) {
    throw new Error(
      `${path}: this Swagger 2.0 description cannot be upgraded to OpenAPI 3.1 (${clearError(error).message})`,
      { cause: error },
    );
  }
}

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
export function readDescriptionText(text: string): unknown {
  return readYaml(text);
}
