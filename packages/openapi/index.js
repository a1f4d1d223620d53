// rest-endpoint-openapi: what the generator needs from well-kept libraries, kept in a package of
// its own so that none of them reaches a user who only imports rest-endpoint: `yaml` (YAML 1.2),
// @apidevtools/json-schema-ref-parser (bundling $refs to other files) and
// @scalar/openapi-upgrader (Swagger 2.0 to OpenAPI 3.1).
import { realpathSync } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { $RefParser } from "@apidevtools/json-schema-ref-parser";
import { upgrade } from "@scalar/openapi-upgrader";
import { isAlias, isMap, isScalar, LineCounter, parseDocument, visit } from "yaml";

/** YAML aliases a description may use (yaml's own default): enough for real ones, not for a bomb. */
const MAX_ALIASES = 100;

/** Anchors and aliases a description may hold in all: each alias costs a scan of them. */
const MAX_MARKS = 2000;

/** The largest file a description or its `$ref`s may be. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Nesting refused before `yaml` reads it. `yaml` reads nesting recursively: past about 800
 * levels the stack overflows inside it, and near that limit the engine may fail for good
 * instead of throwing (a regular expression compiled there aborts the whole process, "RegExp
 * compiler allocation failed"). So the stack is never allowed near it.
 */
const MAX_NESTING = 720;

/**
 * An upper bound on how deep `text` nests, in one pass: open flow brackets, plus, outside
 * them, a line's indentation and the indicators on it that can each open a level (`- `, `? `,
 * `: `, and one at the end of the line). Quotes and comments are not told apart: text holding
 * hundreds of brackets or indicators on one line is counted as nesting.
 */
function nestingBound(text) {
  let flow = 0;
  let indent = 0;
  let indicators = 0;
  let lineStart = true;
  let most = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      lineStart = true;
      indent = 0;
      indicators = 0;
      continue;
    }
    if (lineStart && code === 32) {
      indent++;
      continue;
    }
    lineStart = false;
    if (code === 91 || code === 123) flow++;
    else if ((code === 93 || code === 125) && flow > 0) flow--;
    else if (flow === 0 && (code === 45 || code === 58 || code === 63)) {
      const next = text.charCodeAt(i + 1);
      if (next === 32 || next === 10 || next === 13 || Number.isNaN(next)) indicators++;
    }
    most = Math.max(most, flow + indent + indicators);
  }
  return most;
}

/** @type {import("./index.d.ts").readDescriptionText} */
export function readDescriptionText(text) {
  if (nestingBound(text) > MAX_NESTING) {
    throw new Error(`The description nests deeper than can be read (more than ${MAX_NESTING} levels).`);
  }
  try {
    const lines = new LineCounter();
    // yaml's own check of duplicate keys compares each key with every other one (quadratic in
    // a mapping's size: seconds for a mapping of 10,000 keys); checkNodes is linear.
    const document = parseDocument(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, {
      lineCounter: lines,
      merge: true,
      prettyErrors: false,
      // YAML 1.1's !!binary, !!set, !!timestamp... would give Buffers, Sets and Dates: plain
      // JSON values only, as a JSON description would.
      resolveKnownTags: false,
      stringKeys: true,
      uniqueKeys: false,
    });
    const [error] = document.errors;
    if (error !== undefined) {
      const { line, col } = lines.linePos(error.pos[0]);
      throw new Error(`YAML line ${line}, column ${col}: ${error.message}`);
    }
    checkNodes(document, lines);
    return document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    throw clearError(error);
  }
}

/**
 * A key written twice in one mapping (JSON keeps the last, but a description means one), and an
 * alias inside the node it names, which would make a value that contains itself.
 */
function checkNodes(document, lines) {
  const at = (node) => {
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    return `YAML line ${line}, column ${col}`;
  };
  // The nodes each anchor names so far: visited in document order, as aliases are resolved.
  const anchors = new Map();
  let marks = 0;
  visit(document, (_key, node) => {
    // yaml resolves each alias by a scan of every anchor and alias before it: a bound on them
    // all keeps that linear in the text.
    if ((node?.anchor || isAlias(node)) && ++marks > MAX_MARKS) {
      throw new Error(`${at(node)}: more than ${MAX_MARKS} anchors and aliases in one description.`);
    }
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target?.range && node.range && node.range[0] < target.range[2]) {
        throw new Error(`${at(node)}: the alias *${node.source} is inside the node it names.`);
      }
      return;
    }
    if (node?.anchor) anchors.set(node.anchor, node);
    if (!isMap(node)) return;
    const seen = new Set();
    for (const { key } of node.items) {
      if (!isScalar(key) || key.value === "<<") continue;
      const text = String(key.value);
      if (seen.has(text)) {
        throw new Error(`${at(key)}: the key ${JSON.stringify(text)} is written twice in one mapping.`);
      }
      seen.add(text);
    }
  });
}

/**
 * The reader's error, or a plain one where the engine's own would show: `yaml` reads nesting
 * recursively, and past about 800 levels the stack overflows inside it.
 */
function clearError(error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError || /call stack/i.test(message)) {
    return new Error("The description nests deeper than can be read (about 800 levels).", { cause: error });
  }
  // The libraries' own classes (ReferenceError, ParserError, TypeError...) as a plain Error.
  return Object.getPrototypeOf(error) === Error.prototype ? error : new Error(message, { cause: error });
}

/**
 * A reader of the files `$ref`s name that reads only the description itself and files in its
 * folder or below: a description must not pull another file of the machine (`/etc/passwd`,
 * `../../.env`) into the module it generates.
 */
function readWithin(description, refused) {
  const root = realpathSync(dirname(description));
  return async (ref) => {
    const named = resolve(ref.url.startsWith("file:") ? fileURLToPath(ref.url) : ref.url);
    // The real path, links followed: a link in the folder may point anywhere.
    let path;
    try {
      path = await realpath(named);
    } catch {
      path = named;
    }
    const inside = relative(root, path);
    if (named !== description && (inside === "" || inside.startsWith("..") || isAbsolute(inside))) {
      refused.push(
        `a $ref to ${named} leaves the description's folder ${root}: only files in it or below are read.`,
      );
      throw new Error(refused[refused.length - 1]);
    }
    // A regular file of a bounded size: not a FIFO, a device or a folder.
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) {
      refused.push(`${named} is not a file of at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
      throw new Error(refused[refused.length - 1]);
    }
    return readFile(path);
  };
}

/** @type {import("./index.d.ts").loadDescription} */
export async function loadDescription(path) {
  const parser = new $RefParser();
  const description = resolve(path);
  // Why a file was not read: the library's error keeps only the file's name.
  const refused = [];
  // Files only: a description must not make the generator fetch from the network.
  const bundled = await parser
    .bundle(description, {
      // Resolvers and parsers of our own, under names of our own: the library merges options
      // into its shared defaults, so overriding `file` would change every other call too.
      resolve: {
        http: false,
        file: false,
        description: { order: 1, canRead: true, read: readWithin(description, refused) },
      },
      parse: {
        yaml: false,
        json: false,
        text: false,
        binary: false,
        description: {
          order: 1,
          canParse: true,
          parse: (file) => readDescriptionText(file.data.toString("utf8")),
        },
      },
      dereference: { circular: true },
    })
    .catch((error) => {
      throw refused.length > 0 ? new Error(refused[0]) : clearError(error);
    });
  if (typeof bundled !== "object" || bundled === null || Array.isArray(bundled)) {
    throw new Error(`${path} holds no OpenAPI description (an object).`);
  }
  if (bundled.swagger !== "2.0") return bundled;
  try {
    return upgrade(bundled, "3.1");
  } catch (error) {
    throw new Error(
      `${path}: this Swagger 2.0 description cannot be upgraded to OpenAPI 3.1 (${clearError(error).message})`,
      {
        cause: error,
      },
    );
  }
}
