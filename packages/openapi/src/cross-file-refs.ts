import type { DescriptionFile, FileReader } from "./file-reader.js";
import { parseRef, shown } from "./parse-ref.js";

/** `$ref`s followed on the way through one pointer: a longer chain goes round in a circle. */
const MAX_HOPS = 50;

/** An object holding a `$ref` of its own: the one shape a reference has. */
export type Ref = Record<string, unknown> & { $ref: string };

/** Where a `$ref` leads: the file that holds its target, the target's tokens there, the target. */
export interface RefTarget {
  readonly file: DescriptionFile;
  readonly tokens: readonly string[];
  /** The target, which is no `$ref` (one met on the way, or at the end, is followed). */
  readonly value: unknown;
  /** Whether the pointer names its node in its own file, through no other `$ref` on the way. */
  readonly direct: boolean;
  /** The target's pointer as a `$ref` writes it, once asked for. */
  text?: string;
}

/** Resolves a `$ref` written in `file`. */
export type CrossFileResolver = (ref: string, file: DescriptionFile, hops: number) => RefTarget;

/** An object holding a `$ref` of its own: the one shape a reference has. */
export function isRef(value: unknown): value is Ref {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.hasOwn(value, "$ref") &&
    typeof (value as { $ref?: unknown }).$ref === "string"
  );
}

/**
 * Whether `token` names an entry of `node`'s own: an index of a list, or an own property of an
 * object. An inherited name (`__proto__`, `constructor`, `toString`) names nothing of the
 * description's: followed, it would hand out `Object.prototype` for the caller to write into.
 */
function ownEntry(node: unknown, token: string): node is Record<string, unknown> {
  if (Array.isArray(node)) return /^(?:0|[1-9][0-9]*)$/.test(token) && Number(token) < node.length;
  return typeof node === "object" && node !== null && Object.hasOwn(node, token);
}

/**
 * Resolves `$ref`s across the files of one description (the bundler's job; the generator's
 * `localRefs` follows pointers inside one document), each string once in each file: to the
 * file that holds the target, the target's tokens in that file, and the target.
 */
export function crossFileResolver(read: FileReader): CrossFileResolver {
  const known = new Map<string, RefTarget>();
  const resolveRef: CrossFileResolver = (ref, file, hops) => {
    const key = `${file.path}\0${ref}`;
    const found = known.get(key);
    if (found !== undefined) return found;
    if (hops > MAX_HOPS) {
      throw new Error(
        `The $ref ${shown(ref)} goes round in a circle, or through more than ${MAX_HOPS} $refs.`,
      );
    }
    const { path, tokens } = parseRef(ref, file.path);
    let at = read(path);
    let node = at.doc;
    let where: string[] = [];
    let direct = at === file;
    for (const token of tokens) {
      if (isRef(node) && token !== "$ref") {
        const through = resolveRef(node.$ref, at, hops + 1);
        ({ file: at, value: node } = through);
        where = [...through.tokens];
        direct = false;
      }
      if (!ownEntry(node, token)) {
        const inherited = typeof node === "object" && node !== null && token in node;
        throw new Error(
          `The $ref ${shown(ref)} in ${file.path} names ${JSON.stringify(token)}, which ${inherited ? "is inherited, not a property of the description's own" : "is not there"}: a $ref names only what the description holds.`,
        );
      }
      node = node[token];
      where.push(token);
    }
    // A `$ref` to a `$ref` names what the last one names.
    const last = isRef(node) ? resolveRef(node.$ref, at, hops + 1) : { file: at, tokens: where, value: node };
    // The final target's pointer is written once, when first asked for: `direct` is this
    // `$ref`'s own, and the target found may be shared by every `$ref` that leads to it.
    const target: RefTarget = { ...last, direct };
    known.set(key, target);
    return target;
  };
  return resolveRef;
}
