// Reads a call's options once, taking `mediaType.previews` aside: octokit merges previews by
// its own rule (media-type.js), so rest-endpoint, which would union them, never sees them. And
// gives merged options their own `request`, which octokit's plugins write into.
import { readSafely, refuse } from "./errors.js";

/**
 * @typedef {object} Call
 * @property {unknown} options The options to hand to rest-endpoint (a copy when previews were taken out).
 * @property {readonly string[] | undefined} previews The call's previews, when it gave them.
 * @property {boolean} givesUrl Whether the call has an own `url` key.
 */

/**
 * Splits a call's options into what rest-endpoint reads and the previews. Own keys only, each
 * value read once (the options are copied when they carry `mediaType`).
 *
 * @param {unknown} options
 * @returns {Call}
 * @example
 * ```js
 * const call = readCall({ owner: "o", mediaType: { previews: ["machine-man"] } });
 * call.previews; // ["machine-man"]
 * call.options; // { owner: "o", mediaType: { previews: undefined } }
 * ```
 */
export function readCall(options) {
  if (options === null || typeof options !== "object")
    return { options, previews: undefined, givesUrl: false };
  const source = /** @type {Record<string, unknown>} */ (options);
  return readSafely(() => {
    const givesUrl = Object.hasOwn(source, "url");
    if (!Object.hasOwn(source, "mediaType")) return { options, previews: undefined, givesUrl };
    const copy = { ...source };
    const mediaType = copy.mediaType;
    if (mediaType === null || typeof mediaType !== "object" || !Object.hasOwn(mediaType, "previews")) {
      return { options: copy, previews: undefined, givesUrl };
    }
    const media = { .../** @type {Record<string, unknown>} */ (mediaType) };
    const previews = readPreviews(media.previews);
    media.previews = undefined;
    copy.mediaType = media;
    return { options: copy, previews, givesUrl };
  });
}

/**
 * `mediaType.previews` as a fresh array of strings; `undefined` when not given.
 *
 * @param {unknown} value
 * @returns {readonly string[] | undefined}
 * @example
 * ```js
 * readPreviews(["squirrel-girl"]); // ["squirrel-girl"]
 * readPreviews("squirrel-girl"); // throws EndpointError invalid_options
 * ```
 */
export function readPreviews(value) {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw refuse(
      "invalid_options",
      '`mediaType.previews` must be an array of preview names, such as ["machine-man"].',
    );
  }
  const previews = Array.from(value);
  for (const preview of previews) {
    if (typeof preview !== "string") {
      throw refuse(
        "invalid_options",
        'Each item of `mediaType.previews` must be a string, such as "machine-man".',
      );
    }
  }
  return previews;
}

/**
 * Gives options (a copy, changed in place) their own shallow copy of `request`, unfrozen:
 * octokit's retry and throttling plugins write `request.retryCount` into each request's
 * options, which must neither throw on the builder's frozen DEFAULTS nor reach another request.
 *
 * @param {Record<string, unknown>} options
 * @returns {void}
 * @example
 * ```js
 * const defaults = Object.freeze({ retries: 2 });
 * const options = { request: defaults };
 * freshRequest(options);
 * options.request !== defaults && !Object.isFrozen(options.request); // true
 * ```
 */
export function freshRequest(options) {
  const request = options.request;
  if (request === null || typeof request !== "object") return;
  options.request = readSafely(() => ({ .../** @type {Record<string, unknown>} */ (request) }));
}
