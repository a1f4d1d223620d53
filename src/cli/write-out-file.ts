import { closeSync, constants, lstatSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/**
 * Writes `text` to `path` (`generate --out` and the types beside it), through no symbolic
 * link: neither the file nor a folder of its path inside the working folder may be one. CI may
 * generate into a checkout that a pull request writes, and a link planted there
 * (`src/api.js -> ~/.bashrc`, `src -> /etc`) would make the generator write outside it.
 * Folders above the working folder are the user's own and may be links (`/tmp` on macOS). A
 * folder not made yet is made, as tsc makes its outDir. The file is opened with `O_NOFOLLOW`
 * where the system has it, so a link made after the check is not followed either.
 *
 * @example
 * writeOutFile("gen/api.js", "export {};\n"); // throws when gen or gen/api.js is a link
 */
export function writeOutFile(path: string, text: string, cwd: string = process.cwd()): void {
  const file = resolve(cwd, path);
  const inside = relative(cwd, file);
  const below = inside !== "" && inside !== ".." && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
  let at = below ? cwd : dirname(file);
  for (const step of below ? inside.split(sep) : [relative(at, file)]) {
    at = join(at, step);
    const found = lstatSync(at, { throwIfNoEntry: false });
    // What is not there yet is made here, as a folder or the file: no link.
    if (found === undefined) break;
    if (found.isSymbolicLink()) {
      throw new Error(
        `${below ? relative(cwd, at) : at} is a symbolic link, and --out writes through none (it could lead anywhere): remove it, or name the real path.`,
      );
    }
  }
  mkdirSync(dirname(file), { recursive: true });
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0);
  const fd = openSync(file, flags, 0o666);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}
