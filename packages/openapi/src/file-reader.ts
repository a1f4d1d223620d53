import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { readYaml } from "./read-yaml.js";

/** The largest file a description or its `$ref`s may be. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** One file of a description: its real path and what its text holds. */
export interface DescriptionFile {
  readonly path: string;
  readonly doc: unknown;
}

/** Reads the file a path names (each file once), or throws a plain `Error` that says why not. */
export type FileReader = (named: string) => DescriptionFile;

/**
 * Reads the files of one description, each once whatever the spelling of its path (`a//b`,
 * `./a/b`, a link to it): the description itself and regular files of at most 64 MB in its
 * folder or below. A description must not pull another file of the machine (`/etc/passwd`,
 * `../../.env`) into the module it generates.
 */
export function fileReader(root: string): FileReader {
  const folder = realpathSync(dirname(root));
  const files = new Map<string, DescriptionFile>();
  return (named) => {
    const spelled = resolve(named);
    let file = files.get(spelled);
    if (file !== undefined) return file;
    let real: string;
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
      file = { path: real, doc: readYaml(readFileSync(real, "utf8")) };
      files.set(real, file);
    }
    files.set(spelled, file);
    return file;
  };
}
