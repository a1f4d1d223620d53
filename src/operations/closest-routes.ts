/** How many routes a "did you mean" names at most. */
const SHOWN = 3;

/**
 * The routes of `routes` closest to `route` ("METHOD url"), the closest first, at most three:
 * for the "did you mean" of a route a table does not describe. Routes are compared by their
 * shape (the url in lower case, every `{expression}` and `:name` as `{}`, so that
 * `/pets/{id}` meets `/pets/{petId}`) by edit distance, another method counting as one edit,
 * and so does the server of an operation that has its own (`/files` for `https://h/v1/files`);
 * past a distance that grows with the url's length, a route is not close. The work is bounded
 * by the table's size times that distance, however long `route` is.
 *
 * @example
 * ```ts
 * closestRoutes("GET /v1/custmers/{id}", ["GET /v1/charges", "DELETE /v1/customers/{customer}", "GET /v1/customers/{customer}"]);
 * // ["GET /v1/customers/{customer}", "DELETE /v1/customers/{customer}"]
 * ```
 */
export function closestRoutes(route: string, routes: readonly string[]): string[] {
  const [method, url] = split(route);
  const shape = shapeOf(url);
  const limit = Math.min(8, 2 + Math.floor(shape.length / 8));
  const scored: { route: string; distance: number; order: number }[] = [];
  for (let i = 0; i < routes.length; i++) {
    const [otherMethod, otherUrl] = split(routes[i] as string);
    const methodCost = otherMethod === method ? 0 : 1;
    const otherShape = shapeOf(otherUrl);
    // A path written for an operation with a server of its own (`POST /files` for
    // `POST https://files.example/v1/files`): one edit, the server left out.
    const distance =
      shape.startsWith("/") && otherShape.endsWith(shape) && /^[a-z][a-z0-9+.-]*:/.test(otherShape)
        ? methodCost + 1
        : methodCost + editDistance(shape, otherShape, limit - methodCost);
    if (distance <= limit) scored.push({ route: routes[i] as string, distance, order: i });
  }
  scored.sort((a, b) => a.distance - b.distance || a.order - b.order);
  return scored.slice(0, SHOWN).map((entry) => entry.route);
}

function split(route: string): [method: string, url: string] {
  const space = route.indexOf(" ");
  return space === -1 ? ["GET", route] : [route.slice(0, space).toUpperCase(), route.slice(space + 1)];
}

/** The url in lower case with each `{expression}` and `/:name` placeholder as `{}`. */
function shapeOf(url: string): string {
  return url
    .toLowerCase()
    .replace(/\{[^{}]*\}/g, "{}")
    .replace(/\/:[a-z_][a-z0-9_]*/g, "/{}");
}

/**
 * The Levenshtein distance of `a` and `b`, or `limit + 1` when it is larger: only the band of
 * `2 * limit + 1` cells around the diagonal is computed, so the cost is `a.length * limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const over = limit + 1;
  if (limit < 0) return over;
  if (Math.abs(a.length - b.length) > limit) return over;
  let previous: number[] = [];
  let current: number[] = [];
  for (let j = 0; j <= b.length; j++) previous[j] = j <= limit ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    current[from - 1] = from === 1 ? (i <= limit ? i : over) : over;
    let best = current[from - 1] as number;
    for (let j = from; j <= to; j++) {
      const replace = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const remove = (j <= i - 1 + limit ? (previous[j] as number) : over) + 1;
      const insert = (current[j - 1] as number) + 1;
      const cell = Math.min(replace, remove, insert, over);
      current[j] = cell;
      if (cell < best) best = cell;
    }
    if (to < b.length) current[to + 1] = over;
    if (best > limit) return over;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[b.length] as number, over);
}
