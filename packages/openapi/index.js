// rest-endpoint-openapi: what the generator needs from well-kept libraries, kept in a package of
// its own so that none of them reaches a user who only imports rest-endpoint: `yaml` (YAML 1.2)
// and @scalar/openapi-upgrader (Swagger 2.0 to OpenAPI 3.1). `$ref`s to other files are bundled
// here: a pointer names only own properties, and the work is linear in the files.
import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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

/** `$ref`s followed on the way through one pointer: a longer chain goes round in a circle. */
const MAX_HOPS = 50;

/** A `$ref` shown in a message: quoted, and cut short. */
function shown(ref) {
  return JSON.stringify(ref.length > 200 ? `${ref.slice(0, 200)}...` : ref);
}

/**
 * Reads the files of one description, each once whatever the spelling of its path (`a//b`,
 * `./a/b`, a link to it): the description itself and regular files of at most 64 MB in its
 * folder or below. A description must not pull another file of the machine (`/etc/passwd`,
 * `../../.env`) into the module it generates.
 */
function fileReader(root) {
  const folder = realpathSync(dirname(root));
  const files = new Map();
  return (named) => {
    const spelled = resolve(named);
    let file = files.get(spelled);
    if (file !== undefined) return file;
    let real;
    try {
      // The real path, links followed: a link in the folder may point anywhere.
      real = realpathSync(spelled);
    } catch {
      throw new Error(`${spelled} cannot be read: there is no such file.`);
    }
    file = files.get(real);
    if (file === undefined) {
      const inside = relative(folder, real);
      if (spelled !== root && (inside === "" || inside.startsWith("..") || isAbsolute(inside))) {
        throw new Error(
          `a $ref to ${spelled} leaves the description's folder ${folder}: only files in it or below are read.`,
        );
      }
      const info = statSync(real);
      if (!info.isFile() || info.size > MAX_FILE_BYTES) {
        throw new Error(`${spelled} is not a file of at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
      }
      file = { path: real, doc: readDescriptionText(readFileSync(real, "utf8")) };
      files.set(real, file);
    }
    files.set(spelled, file);
    return file;
  };
}

/** The file a `$ref` names (`from`'s when it names none) and its pointer's tokens. */
function parseRef(ref, from) {
  const hash = ref.indexOf("#");
  const address = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  let path = from;
  if (address !== "") {
    let url;
    try {
      url = new URL(address, pathToFileURL(from));
      // Files only: a description must not make the generator fetch from the network.
      if (url.protocol === "file:") path = fileURLToPath(url);
    } catch {
      throw new Error(`The $ref ${shown(ref)} in ${from} names no file.`);
    }
    if (url.protocol !== "file:") {
      throw new Error(
        `The $ref ${shown(ref)} in ${from} is not followed: only files are read, never the network.`,
      );
    }
  }
  if (fragment !== "" && !fragment.startsWith("/")) {
    throw new Error(`The $ref ${shown(ref)} in ${from} names no JSON Pointer (#/...).`);
  }
  const tokens = [];
  if (fragment !== "") {
    for (const segment of fragment.slice(1).split("/")) {
      let decoded;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        throw new Error(`The $ref ${shown(ref)} in ${from} holds a malformed percent-escape.`);
      }
      tokens.push(decoded.replaceAll("~1", "/").replaceAll("~0", "~"));
    }
  }
  return { path, tokens };
}

/** A JSON Pointer as a `$ref` writes it: `#/a/b~1c`, each token percent-encoded. */
function pointerText(tokens) {
  let text = "#";
  for (const token of tokens)
    text += `/${encodeURIComponent(token.replaceAll("~", "~0").replaceAll("/", "~1"))}`;
  return text;
}

/** An object holding a `$ref` of its own: the one shape a reference has. */
function isRef(value) {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.hasOwn(value, "$ref") &&
    typeof value.$ref === "string"
  );
}

/**
 * Whether `token` names an entry of `node`'s own: an index of a list, or an own property of an
 * object. An inherited name (`__proto__`, `constructor`, `toString`) names nothing of the
 * description's: followed, it would hand out `Object.prototype` for the caller to write into.
 */
function ownEntry(node, token) {
  if (Array.isArray(node)) return /^(?:0|[1-9][0-9]*)$/.test(token) && Number(token) < node.length;
  return typeof node === "object" && node !== null && Object.hasOwn(node, token);
}

/**
 * Resolves `$ref`s, each string once in each file: to the file that holds the target, the
 * target's tokens in that file, and the target, which is no `$ref` (one met on the way, or at
 * the end, is followed).
 */
function refResolver(read) {
  const known = new Map();
  const resolveRef = (ref, file, hops) => {
    const key = `${file.path}\0${ref}`;
    let found = known.get(key);
    if (found !== undefined) return found;
    if (hops > MAX_HOPS)
      throw new Error(
        `The $ref ${shown(ref)} goes round in a circle, or through more than ${MAX_HOPS} $refs.`,
      );
    const { path, tokens } = parseRef(ref, file.path);
    let at = read(path);
    let node = at.doc;
    let where = [];
    // Whether the pointer names its node in `file` itself, through no other `$ref` on the way.
    let direct = at === file;
    for (const token of tokens) {
      if (isRef(node) && token !== "$ref") {
        ({ file: at, tokens: where, value: node } = resolveRef(node.$ref, at, hops + 1));
        where = [...where];
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
    found = isRef(node) ? resolveRef(node.$ref, at, hops + 1) : { file: at, tokens: where, value: node };
    // The final target's pointer is written once, when first asked for: `direct` is this
    // `$ref`'s own, and `found` may be shared by every `$ref` that leads to the same target.
    found = { ...found, direct };
    known.set(key, found);
    return found;
  };
  return resolveRef;
}

/** Where an object stands in the bundle, as its `$ref` (`#/paths/~1a/get`), written once. */
function pointerOf(place) {
  if (place === null) return "#";
  if (place.text === undefined) {
    const tokens = [];
    for (let at = place; at !== null; at = at.up) tokens.push(at.key);
    place.text = pointerText(tokens.reverse());
  }
  return place.text;
}

/**
 * The description at `root` (a resolved path) with the `$ref`s to other files bundled into it:
 * each target in another file is placed whole at the shallowest `$ref` to it, and every other
 * `$ref` to it (or into it) points there. Pointers into the description itself stay pointers.
 * Linear in what the files hold: each file read once, each `$ref` resolved once in each file,
 * each object walked once, however many `$ref`s name it; objects in many places (YAML aliases)
 * stay shared.
 */
function bundleDescription(root) {
  const read = fileReader(root);
  const main = read(root);
  const resolveRef = refResolver(read);
  const holder = { value: main.doc };
  // Swagger 2.0 is upgraded after bundling, which moves what a pointer into a path names.
  const swagger =
    typeof main.doc === "object" &&
    main.doc !== null &&
    !Array.isArray(main.doc) &&
    main.doc.swagger === "2.0";
  // Slots to fill, breadth first so that the shallowest `$ref` to a target places it:
  // [object, key, the file its text came from, the slot's place].
  const slots = [[holder, "value", main, null]];
  const placed = new Map();
  const done = new Set();
  const walk = (value, keys, file, place) => {
    for (const key of keys) slots.push([value, key, file, { up: place, key }]);
  };
  for (let i = 0; i < slots.length; i++) {
    const [parent, key, file, place] = slots[i];
    slots[i] = undefined;
    const value = parent[key];
    if (typeof value !== "object" || value === null || placed.has(value) || done.has(value)) continue;
    if (!isRef(value)) {
      placed.set(value, place);
      walk(value, Object.keys(value), file, place);
      continue;
    }
    const target = resolveRef(value.$ref, file, 0);
    const siblings = Object.keys(value).filter((name) => name !== "$ref");
    if (target.file === main) {
      // A pointer into the description stays one, written from the description's root. One
      // of the description's own that names its node through no other `$ref` stays as it is
      // (it may name a `$ref`, which the reader follows): re-encoding the final target's
      // pointer for each of many `$ref`s to a `$ref` to a long key would write that long
      // pointer again each time (work and output in the product of their count and its length).
      if (!(file === main && target.direct && value.$ref.startsWith("#"))) {
        target.text ??= pointerText(target.tokens);
        value.$ref = target.text;
      }
      done.add(value);
      walk(value, siblings, file, place);
    } else if (typeof target.value !== "object" || target.value === null) {
      parent[key] = target.value;
    } else if (placed.has(target.value)) {
      // Placed already: this `$ref` points there, beside its own other keys.
      const ref = {};
      for (const name of siblings) defineOwn(ref, name, value[name]);
      defineOwn(ref, "$ref", pointerOf(placed.get(target.value)));
      parent[key] = ref;
      walk(ref, siblings, file, place);
    } else if (swagger && siblings.length === 0 && swaggerHome(place, target.value) !== undefined) {
      const home = swaggerHome(place, target.value);
      if (home === "copy") {
        // A body or form parameter: the upgrade moves it out of its list into the request
        // body, where no pointer follows it, so each place holds a copy of its own (shallow:
        // what it holds is placed once and shared).
        const copy = {};
        for (const name of Object.keys(target.value)) defineOwn(copy, name, target.value[name]);
        parent[key] = copy;
        placed.set(copy, place);
        walk(copy, Object.keys(copy), target.file, place);
      } else {
        // Placed once, by name, where the upgrade to OpenAPI 3 moves it with its `$ref`s
        // (`#/definitions/Pet` becomes `#/components/schemas/Pet`); every `$ref` points there.
        const at = { up: { up: null, key: home }, key: homeName(main.doc, home, target) };
        const section = Object.hasOwn(main.doc, home) ? main.doc[home] : {};
        defineOwn(main.doc, home, section);
        defineOwn(section, at.key, target.value);
        placed.set(target.value, at);
        const ref = {};
        defineOwn(ref, "$ref", pointerOf(at));
        parent[key] = ref;
        walk(target.value, Object.keys(target.value), target.file, at);
      }
    } else {
      // Placed here. A `$ref` beside other keys (OpenAPI 3.1) places a copy of its target with
      // those keys, which win; the target is copied this once, so the work stays linear.
      let here = target.value;
      if (siblings.length > 0) {
        here = {};
        for (const name of siblings) defineOwn(here, name, value[name]);
        walk(here, siblings, file, place);
      }
      const own = Object.keys(target.value).filter(
        (name) => here === target.value || !Object.hasOwn(here, name),
      );
      if (here !== target.value) for (const name of own) defineOwn(here, name, target.value[name]);
      parent[key] = here;
      placed.set(here, place);
      placed.set(target.value, place);
      walk(here, own, target.file, place);
    }
  }
  return holder.value;
}

/**
 * Where a Swagger 2.0 description keeps a target of another file, by the place of the first
 * `$ref` to it: `definitions` for a schema (a place under `definitions` or a `schema`),
 * `parameters` for a parameter of an operation or path item, `"copy"` for a body or form
 * parameter (which the upgrade moves into a request body), `undefined` for anything else
 * (placed where its first `$ref` is, as in OpenAPI 3). The upgrade to OpenAPI 3 moves what an
 * operation holds (a response's schema into its content, a body parameter into the request
 * body), so a pointer into an operation would name nothing after it; these sections it
 * moves whole, pointers included.
 */
function swaggerHome(place, target) {
  if (typeof target !== "object" || target === null || Array.isArray(target)) return undefined;
  const keys = [];
  for (let at = place; at !== null; at = at.up) keys.push(at.key);
  keys.reverse();
  if (keys[0] === "definitions" || keys.includes("schema")) return "definitions";
  const last = keys.length - 1;
  if (keys[0] === "paths" && keys[last - 1] === "parameters" && /^\d+$/.test(String(keys[last]))) {
    return target.in === "body" || target.in === "formData" ? "copy" : "parameters";
  }
  return undefined;
}

/**
 * A name for a target in `section` of the description: the last token of its pointer, or
 * its file's name, made unique with a number (`Pet`, `Pet_2`).
 */
function homeName(doc, section, target) {
  const last = target.tokens.at(-1);
  const file = target.file.path
    .split(/[\\/]/)
    .at(-1)
    ?.replace(/\.[^.]*$/, "");
  const base = last !== undefined && last !== "" ? last : file || "schema";
  const taken = Object.hasOwn(doc, section) ? doc[section] : {};
  let name = base === "__proto__" ? "schema" : base;
  for (let n = 2; Object.hasOwn(taken, name); n++) name = `${base}_${n}`;
  return name;
}

/** Sets `name` as an own property, never through a `__proto__` setter. */
function defineOwn(object, name, value) {
  Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true });
}

/** @type {import("./index.d.ts").loadDescription} */
export async function loadDescription(path) {
  let bundled;
  try {
    bundled = bundleDescription(resolve(path));
  } catch (error) {
    throw clearError(error);
  }
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
