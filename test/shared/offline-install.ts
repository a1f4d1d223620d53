// Installing the packed packages into an empty project without the network, as
// test/install/*.test.ts do: npm runs `--offline`, and since npm's cache holds the tarballs of
// this repository's dependencies (by integrity, since its `npm ci`) but not always their
// registry metadata, the project's package-lock.json is given the entries this repository locks
// (package-lock.json) before the install, as if the registry had answered with them. Each entry
// gets its registry url (`resolved`), so that npm reads the tarball from its cache by integrity
// without asking for the package's metadata. Also the README's package.json fragment for an
// octokit app ("Inside octokit"), which test/readme-blocks.test.ts checks and
// test/install/octokit-override.test.ts installs.
//
// Not in test/install/ itself: every file there is a test file of the field suite
// (vitest.config.ts's FIELD), and a file without tests fails it.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readmeBlocks } from "../readme/blocks.js";

export const ROOT: string = fileURLToPath(new URL("../..", import.meta.url));
export const OFFLINE: readonly string[] = ["--offline", "--no-audit", "--no-fund"];
/** Where npm's cache says the tarballs came from; the url only names them, the cache finds them by integrity. */
const REGISTRY = "https://registry.npmjs.org/";

export type LockEntry = {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
};
type Lock = { packages: Record<string, LockEntry>; [key: string]: unknown };

/** Runs a command; npm's own settings from the environment that runs the tests are left out. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, encoding: "utf8", env: { ...clean, ...env }, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

function readLock(file: string): Lock {
  return JSON.parse(readFileSync(file, "utf8")) as Lock;
}

/** The key of `name` as Node finds it from the package at `from` ("" is the root): the nearest node_modules up. */
function lookup(packages: Record<string, unknown>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return undefined;
    const up = base.lastIndexOf("/node_modules/");
    base = up < 0 ? "" : base.slice(0, up);
  }
}

/**
 * The lock entries of the packages `names` (as the package at `from` in this repository's
 * package-lock.json finds them: "" is the root, "packages/openapi" a workspace) and of their
 * dependencies, all the way down, at this repository's versions, placed for a project that
 * depends on `names`: each at the top of node_modules unless another version is there, then
 * beside the package that needs it. Every dependency is checked to be found, as Node finds it,
 * at the version this repository locks. The packages `leftOut` (and what only they need) are not
 * given: an override replaces them, and npm places what replaces them itself.
 */
export function lockedEntries(
  names: readonly string[],
  { from = "", leftOut = [] }: { from?: string; leftOut?: readonly string[] } = {},
): Record<string, LockEntry> {
  const lock = readLock(join(ROOT, "package-lock.json"));
  const placed: Record<string, LockEntry> = {};
  /** For each placed key, the repository's key of the package placed there. */
  const origin = new Map<string, string>();
  const place = (dependent: string, repoFrom: string, name: string) => {
    if (leftOut.includes(name)) return;
    const repoKey = lookup(lock.packages, repoFrom, name);
    if (!repoKey)
      throw new Error(`${name}, needed by ${repoFrom || "the root"}, is not in package-lock.json`);
    const found = lookup(placed, dependent, name);
    const same = (key: string) =>
      lock.packages[origin.get(key) as string]?.version === lock.packages[repoKey]?.version;
    if (found && same(found)) return;
    if (found && !dependent) throw new Error(`${name} is wanted at two versions by the project`);
    const key = found ? `${dependent}/node_modules/${name}` : `node_modules/${name}`;
    const entry = lock.packages[repoKey] as LockEntry;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...kept } = entry;
    if (!kept.resolved && !kept.link && kept.version)
      kept.resolved = `${REGISTRY}${name}/-/${name.split("/").pop()}-${kept.version}.tgz`;
    placed[key] = kept;
    origin.set(key, repoKey);
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }))
      place(key, repoKey, dependency);
  };
  for (const name of names) place("", from, name);
  // Later placements may come between a package and what it found before: check them all again.
  for (const [key, repoKey] of origin) {
    const entry = lock.packages[repoKey] as LockEntry;
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      if (leftOut.includes(dependency)) continue;
      const found = lookup(placed, key, dependency);
      const expected = lock.packages[lookup(lock.packages, repoKey, dependency) as string]?.version;
      if (!found || placed[found]?.version !== expected)
        throw new Error(`${dependency} from ${key}: found ${found ?? "nothing"}, wanted ${expected}`);
    }
  }
  return placed;
}

/** Adds `entries` to the project's package-lock.json (written by an earlier install), as if the registry had answered. */
export function addToLock(project: string, entries: Record<string, LockEntry>): void {
  const file = join(project, "package-lock.json");
  const lock: Lock = existsSync(file)
    ? readLock(file)
    : { name: "my-app", lockfileVersion: 3, requires: true, packages: { "": {} } };
  Object.assign(lock.packages, entries);
  writeFileSync(file, JSON.stringify(lock, null, 2));
}

/** {@link lockedEntries} for the dependencies of the package at `from` in this repository's package-lock.json. */
export function lockedDependenciesOf(from: string): Record<string, LockEntry> {
  const entry = readLock(join(ROOT, "package-lock.json")).packages[from];
  if (!entry) throw new Error(`${from} is not in package-lock.json`);
  return lockedEntries(Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }), { from });
}

/** The version of `name` this repository locks at the top of its node_modules. */
export function lockedVersion(name: string): string {
  const version = readLock(join(ROOT, "package-lock.json")).packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json`);
  return version;
}

/** The README's package.json fragment for an octokit app: a `json` block of "Inside octokit". */
export type OctokitFragment = {
  /** The block as written: members of package.json, without the braces around them. */
  readonly text: string;
  /** README line of the block's fence. */
  readonly line: number;
  readonly manifest: { overrides: Record<string, string> };
};

export const OCTOKIT_SECTION = "Inside octokit";

/** Reads the README's "Inside octokit" json block: members of package.json, parsed in `{ }`. */
/** Where the README's override names the clone: the reader writes their own absolute path. */
export const CLONE_PLACEHOLDER = "/path/to/rest-endpoint";

/** The README's fragment as it must read: the override of @octokit/endpoint by the drop-in's tarball. */
export function expectedOctokitFragment(version: string): Record<string, unknown> {
  return {
    overrides: { "@octokit/endpoint": `file:${CLONE_PLACEHOLDER}/rest-endpoint-octokit-${version}.tgz` },
  };
}

export function octokitFragment(
  readme: string = readFileSync(join(ROOT, "README.md"), "utf8"),
): OctokitFragment {
  const blocks = readmeBlocks(readme).filter(
    (block) => block.section === OCTOKIT_SECTION && block.lang === "json",
  );
  if (blocks.length !== 1)
    throw new Error(`README: ${blocks.length} json blocks in "${OCTOKIT_SECTION}", one expected`);
  const [block] = blocks as [(typeof blocks)[number]];
  return { text: block.code, line: block.line, manifest: JSON.parse(`{${block.code}}`) };
}
