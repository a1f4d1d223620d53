import { fileURLToPath, pathToFileURL } from "node:url";

/** A `$ref` shown in a message: quoted, and cut short. */
export function shown(ref: string): string {
  return JSON.stringify(ref.length > 200 ? `${ref.slice(0, 200)}...` : ref);
}

/** What a `$ref` names: a file and a JSON Pointer's tokens in it. */
export interface RefAddress {
  readonly path: string;
  readonly tokens: string[];
}

/** The file a `$ref` names (`from`'s when it names none) and its pointer's tokens. */
export function parseRef(ref: string, from: string): RefAddress {
  const hash = ref.indexOf("#");
  const address = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  const path = address === "" ? from : refFile(address, ref, from);
  if (fragment !== "" && !fragment.startsWith("/")) {
    throw new Error(`The $ref ${shown(ref)} in ${from} names no JSON Pointer (#/...).`);
  }
  const tokens: string[] = [];
  if (fragment !== "") {
    for (const segment of fragment.slice(1).split("/")) tokens.push(decodeToken(segment, ref, from));
  }
  return { path, tokens };
}

/** The file `address` names, relative to `from`: files only, never the network. */
function refFile(address: string, ref: string, from: string): string {
  let url: URL;
  try {
    url = new URL(address, pathToFileURL(from));
  } catch {
    throw new Error(`The $ref ${shown(ref)} in ${from} names no file.`);
  }
  // A description must not make the generator fetch from the network.
  if (url.protocol !== "file:") {
    throw new Error(
      `The $ref ${shown(ref)} in ${from} is not followed: only files are read, never the network.`,
    );
  }
  try {
    return fileURLToPath(url);
  } catch {
    throw new Error(`The $ref ${shown(ref)} in ${from} names no file.`);
  }
}

/** One pointer token: percent-decoded, then `~1` and `~0` as JSON Pointer says. */
function decodeToken(segment: string, ref: string, from: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new Error(`The $ref ${shown(ref)} in ${from} holds a malformed percent-escape.`);
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** A JSON Pointer as a `$ref` writes it: `#/a/b~1c`, each token percent-encoded. */
export function pointerText(tokens: readonly string[]): string {
  let text = "#";
  for (const token of tokens)
    text += `/${encodeURIComponent(token.replaceAll("~", "~0").replaceAll("/", "~1"))}`;
  return text;
}
