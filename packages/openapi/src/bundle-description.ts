import {
  type CrossFileResolver,
  crossFileResolver,
  isRef,
  type Ref,
  type RefTarget,
} from "./cross-file-refs.js";
import { defineOwn } from "./define-own.js";
import { type DescriptionFile, fileReader } from "./file-reader.js";
import { pointerText } from "./parse-ref.js";
import { type Place, pointerOf } from "./place.js";
import { homeName, type SwaggerHome, swaggerHome } from "./swagger-home.js";

type Data = Record<string, unknown>;

/** A slot to fill: an object's key, the file its text came from, and the slot's place. */
interface Slot {
  readonly parent: Data;
  readonly key: string;
  readonly file: DescriptionFile;
  readonly place: Place | null;
}

/** One bundling's state: the slots still to fill, breadth first, and where each object stands. */
interface Bundle {
  readonly main: DescriptionFile;
  readonly mainDoc: Data;
  readonly resolveRef: CrossFileResolver;
  /** Swagger 2.0 is upgraded after bundling, which moves what a pointer into a path names. */
  readonly swagger: boolean;
  readonly slots: (Slot | undefined)[];
  readonly placed: Map<unknown, Place | null>;
  /** `$ref`s into the description itself, written from its root already. */
  readonly done: Set<unknown>;
}

/**
 * The description at `root` (a resolved path) with the `$ref`s to other files bundled into it:
 * each target in another file is placed whole at the shallowest `$ref` to it, and every other
 * `$ref` to it (or into it) points there. Pointers into the description itself stay pointers.
 * Linear in what the files hold: each file read once, each `$ref` resolved once in each file,
 * each object walked once, however many `$ref`s name it; objects in many places (YAML aliases)
 * stay shared.
 */
export function bundleDescription(root: string): unknown {
  const read = fileReader(root);
  const main = read(root);
  const holder: Data = { value: main.doc };
  const isObject = typeof main.doc === "object" && main.doc !== null && !Array.isArray(main.doc);
  const bundle: Bundle = {
    main,
    mainDoc: isObject ? (main.doc as Data) : {},
    resolveRef: crossFileResolver(read),
    swagger: isObject && (main.doc as Data).swagger === "2.0",
    slots: [{ parent: holder, key: "value", file: main, place: null }],
    placed: new Map(),
    done: new Set(),
  };
  const { slots, placed, done } = bundle;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as Slot;
    slots[i] = undefined;
    const value = slot.parent[slot.key];
    if (typeof value !== "object" || value === null || placed.has(value) || done.has(value)) continue;
    if (isRef(value)) {
      fillRef(bundle, slot, value);
    } else {
      placed.set(value, slot.place);
      walk(bundle, value as Data, Object.keys(value), slot.file, slot.place);
    }
  }
  return holder.value;
}

/** The slots of `keys` in `value`, queued. */
function walk(
  bundle: Bundle,
  value: Data,
  keys: readonly string[],
  file: DescriptionFile,
  place: Place | null,
): void {
  for (const key of keys) bundle.slots.push({ parent: value, key, file, place: { up: place, key } });
}

/** A `$ref`'s slot filled: a pointer into the description, a pointer to a placed target, or the target. */
function fillRef(bundle: Bundle, slot: Slot, value: Ref): void {
  const { parent, key, file, place } = slot;
  const target = bundle.resolveRef(value.$ref, file, 0);
  const siblings = Object.keys(value).filter((name) => name !== "$ref");
  if (target.file === bundle.main) {
    // A pointer into the description stays one, written from the description's root. One
    // of the description's own that names its node through no other `$ref` stays as it is
    // (it may name a `$ref`, which the reader follows): re-encoding the final target's
    // pointer for each of many `$ref`s to a `$ref` to a long key would write that long
    // pointer again each time (work and output in the product of their count and its length).
    if (!(file === bundle.main && target.direct && value.$ref.startsWith("#"))) {
      target.text ??= pointerText(target.tokens);
      value.$ref = target.text;
    }
    bundle.done.add(value);
    walk(bundle, value, siblings, file, place);
    return;
  }
  if (typeof target.value !== "object" || target.value === null) {
    parent[key] = target.value;
    return;
  }
  const placed = bundle.placed.get(target.value);
  if (placed !== undefined) {
    // Placed already: this `$ref` points there, beside its own other keys.
    const ref: Data = {};
    for (const name of siblings) defineOwn(ref, name, value[name]);
    defineOwn(ref, "$ref", pointerOf(placed));
    parent[key] = ref;
    walk(bundle, ref, siblings, file, place);
    return;
  }
  const home = bundle.swagger && siblings.length === 0 ? swaggerHome(place, target.value) : undefined;
  if (home === undefined) placeHere(bundle, slot, value, target, siblings);
  else placeSwagger(bundle, slot, target, home);
}

/**
 * A target placed where the upgrade to OpenAPI 3 keeps it: a copy in each place for a body or
 * form parameter, else once in its section of the description.
 */
function placeSwagger(bundle: Bundle, slot: Slot, target: RefTarget, home: SwaggerHome): void {
  const { parent, key, place } = slot;
  const value = target.value as Data;
  if (home === "copy") {
    // A body or form parameter: the upgrade moves it out of its list into the request
    // body, where no pointer follows it, so each place holds a copy of its own (shallow:
    // what it holds is placed once and shared).
    const copy: Data = {};
    for (const name of Object.keys(value)) defineOwn(copy, name, value[name]);
    parent[key] = copy;
    bundle.placed.set(copy, place);
    walk(bundle, copy, Object.keys(copy), target.file, place);
    return;
  }
  // Placed once, by name, where the upgrade to OpenAPI 3 moves it with its `$ref`s
  // (`#/definitions/Pet` becomes `#/components/schemas/Pet`); every `$ref` points there.
  const doc = bundle.mainDoc;
  const at: Place = { up: { up: null, key: home }, key: homeName(doc, home, target) };
  const held = Object.hasOwn(doc, home) ? doc[home] : {};
  defineOwn(doc, home, held);
  defineOwn(held as object, at.key, value);
  bundle.placed.set(value, at);
  const ref: Data = {};
  defineOwn(ref, "$ref", pointerOf(at));
  parent[key] = ref;
  walk(bundle, value, Object.keys(value), target.file, at);
}

/**
 * The target placed at this `$ref`. A `$ref` beside other keys (OpenAPI 3.1) places a copy of
 * its target with those keys, which win; the target is copied this once, so the work stays linear.
 */
function placeHere(bundle: Bundle, slot: Slot, value: Ref, target: RefTarget, siblings: string[]): void {
  const { parent, key, file, place } = slot;
  const found = target.value as Data;
  let here = found;
  if (siblings.length > 0) {
    here = {};
    for (const name of siblings) defineOwn(here, name, value[name]);
    walk(bundle, here, siblings, file, place);
  }
  const own = Object.keys(found).filter((name) => here === found || !Object.hasOwn(here, name));
  if (here !== found) for (const name of own) defineOwn(here, name, found[name]);
  parent[key] = here;
  bundle.placed.set(here, place);
  bundle.placed.set(found, place);
  walk(bundle, here, own, target.file, place);
}
