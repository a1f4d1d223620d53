/** `$ref`s followed in a row at most: a longer chain goes round in a circle. */
const MAX_HOPS = 50;

/** Follows a node's local `$ref`s to what they name; a node that is no `$ref` is itself. */
export type FollowRefs = (node: unknown) => unknown;

/**
 * The one reader of local `$ref`s (`#/components/...`, `#/paths/~1a/get/parameters/0`) inside
 * one document, for the generator and the command line: a JSON Pointer followed through
 * objects and lists by own entries only (an inherited name such as `__proto__`, `constructor`
 * or a list's `length` names nothing), chains followed to their end, each pointer read once
 * (many `$ref`s to one long pointer cost its length once, not each time). A `$ref` to another
 * file, one that names nothing and a chain of more than 50 throw a plain `Error` that says
 * why: the generator refuses the description, the command line leaves the item unchecked.
 * Files of a description are joined first by rest-endpoint-openapi, whose resolver follows
 * `$ref`s across them.
 *
 * @example
 * ```ts
 * const follow = localRefs({ a: { $ref: "#/b" }, b: [{ type: "string" }] });
 * follow({ $ref: "#/b/0" }); // { type: "string" }
 * ```
 */
export function localRefs(document: unknown): FollowRefs {
  const targets = new Map<string, { value: unknown } | string>();
  return (node) => {
    let current = node;
    for (let hops = 0; isRef(current); hops++) {
      const ref = current.$ref;
      if (hops > MAX_HOPS) {
        throw new Error(
          `$ref ${JSON.stringify(ref.slice(0, 200))} goes round in a circle, or through more than ${MAX_HOPS} $refs.`,
        );
      }
      if (!ref.startsWith("#/") && ref !== "#") {
        throw new Error(`$ref ${shown(ref)} points outside the description: bundle it into one file first.`);
      }
      let target = targets.get(ref);
      if (target === undefined) {
        target = pointerTarget(document, ref);
        targets.set(ref, target);
      }
      if (typeof target === "string") {
        throw new Error(
          `$ref ${shown(ref)} names nothing in the description: it holds no ${JSON.stringify(target.length > 80 ? `${target.slice(0, 80)}...` : target)} of its own there (a $ref follows own properties only, never an inherited name such as __proto__ or constructor).`,
        );
      }
      current = target.value;
    }
    return current;
  };
}

/** An object holding a `$ref` string of its own: the one shape a reference has. */
export function isRef(node: unknown): node is { $ref: string } {
  return (
    typeof node === "object" &&
    node !== null &&
    !Array.isArray(node) &&
    Object.hasOwn(node, "$ref") &&
    typeof (node as { $ref: unknown }).$ref === "string"
  );
}

/** A `$ref` shown in a message: quoted, and cut short. */
function shown(ref: string): string {
  return JSON.stringify(ref.length > 200 ? `${ref.slice(0, 200)}...` : ref);
}

/**
 * What a JSON Pointer in a fragment (`#/a/0/b~1c`) names, through objects and arrays, or the
 * first name that is not an own entry (a list's index, an object's own key) where it is
 * looked up.
 */
function pointerTarget(document: unknown, ref: string): { value: unknown } | string {
  if (ref === "#") return { value: document };
  let node: unknown = document;
  // Every segment decoded first: a malformed escape is refused wherever it stands.
  const names = ref
    .slice(2)
    .split("/")
    .map((segment) => decodePointer(segment, ref));
  for (const name of names) {
    if (
      Array.isArray(node)
        ? /^(?:0|[1-9][0-9]*)$/.test(name) && Number(name) < node.length
        : typeof node === "object" && node !== null && Object.hasOwn(node, name)
    ) {
      node = (node as Record<string, unknown>)[name];
    } else {
      return name;
    }
  }
  return node === undefined ? "" : { value: node };
}

/** One `$ref` segment: percent-decoded, then `~1` and `~0` as JSON Pointer says. */
function decodePointer(segment: string, ref: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new Error(`$ref ${JSON.stringify(ref.slice(0, 200))} holds a malformed percent-escape.`);
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}
