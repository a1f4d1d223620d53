/**
 * Where a note is about, written before its first `": "`: a route (`GET /v1/{name}:cancel`), a
 * quoted path key, or `servers`. A note about nothing in particular (a security scheme) has none.
 */
const PLACE = /^(?:[A-Z]+ \S+|"(?:[^"\\]|\\.)*"|servers): /;

/** A name quoted in a note (`query parameter "path"`): notes of one kind differ only in them. */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/** How many places a grouped line names before it says how many more there are. */
const SHOWN_PLACES = 3;

/**
 * The generator's notes, one line per kind with a count: notes that say the same of other
 * places (Stripe's 213 GET operations that describe a body) are one line naming the first few
 * places. A kind seen once is its note as it is. In the order each kind first appears.
 *
 * @example
 * ```ts
 * groupNotes([
 *   "GET /a: a GET request cannot carry the described body; it is left out.",
 *   "GET /b: a GET request cannot carry the described body; it is left out.",
 * ]);
 * // ["2 times: a GET request cannot carry the described body; it is left out. (GET /a, GET /b)"]
 * ```
 */
export function groupNotes(notes: readonly string[]): string[] {
  const kinds = new Map<string, { first: string; places: string[] }>();
  for (const note of notes) {
    const place = PLACE.exec(note)?.[0];
    const message = place === undefined ? note : note.slice(place.length);
    const kind = message.replace(QUOTED, '"…"');
    const group = kinds.get(kind);
    if (group === undefined) kinds.set(kind, { first: note, places: [place?.slice(0, -2) ?? ""] });
    else group.places.push(place?.slice(0, -2) ?? "");
  }
  const lines: string[] = [];
  for (const [kind, { first, places }] of kinds) {
    if (places.length === 1) {
      lines.push(first);
      continue;
    }
    const named = places.filter((place) => place !== "");
    const shown = named.slice(0, SHOWN_PLACES).join(", ");
    const more = named.length > SHOWN_PLACES ? ` and ${named.length - SHOWN_PLACES} more` : "";
    lines.push(`${places.length} times: ${kind}${named.length === 0 ? "" : ` (${shown}${more})`}`);
  }
  return lines;
}
