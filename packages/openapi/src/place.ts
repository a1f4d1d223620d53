import { pointerText } from "./parse-ref.js";

/** Where an object stands in the bundle: the key it is under, in the place above (`null`: the root). */
export interface Place {
  readonly up: Place | null;
  readonly key: string;
  /** Its pointer, once asked for. */
  text?: string;
}

/** The keys from the root down to `place`. */
export function placeKeys(place: Place | null): string[] {
  const keys: string[] = [];
  for (let at = place; at !== null; at = at.up) keys.push(at.key);
  return keys.reverse();
}

/** Where an object stands in the bundle, as its `$ref` (`#/paths/~1a/get`), written once. */
export function pointerOf(place: Place | null): string {
  if (place === null) return "#";
  place.text ??= pointerText(placeKeys(place));
  return place.text;
}
