import { encodeLiteralText } from "./encode-literal-text.js";
import { messageOf, type PathsContext, readPathItem } from "./read-path-item.js";
import { asObject } from "./read-refs.js";
import type { OperationModel } from "./route-types.js";
import type { Schema } from "./schema-type.js";

/**
 * Reads the Paths Object: each path key that is a path, each of its path items' operations. A
 * key that is not a path, or whose path item cannot be read, is left out with a note.
 */
export function readPaths(paths: unknown, context: PathsContext): OperationModel[] {
  const operations: OperationModel[] = [];
  for (const [pathKey, itemNode] of Object.entries(asObject(paths ?? {}, "paths"))) {
    const shown = pathKey.length > 200 ? `${pathKey.slice(0, 200)}...` : pathKey;
    // Text a URL cannot hold (white space, quotes, other scripts) is written as it is sent.
    const path = encodeLiteralText(pathKey);
    if (!path.startsWith("/") || path.startsWith("//")) {
      // An absolute URL (or `//host`) as a path key would send the request to a host the
      // description's servers do not name.
      context.notes.push(
        `${JSON.stringify(shown)}: a path key must be a path starting with one "/"; it is left out.`,
      );
      continue;
    }
    let item: Schema;
    try {
      item = context.readers.resolve(itemNode);
    } catch (error) {
      context.notes.push(`${JSON.stringify(shown)}: ${messageOf(error)} It is left out.`);
      continue;
    }
    readPathItem(path, shown, item, context, operations);
  }
  return operations;
}
