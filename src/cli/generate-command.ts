import { generateOperations } from "../generate/generate-operations.js";
import { groupNotes } from "../generate/group-notes.js";
import { readDescription } from "../generate/read-description.js";
import { escapeTerminal } from "./escape-controls.js";
import { GENERATE_FLAGS } from "./flags.js";
import { UsageError } from "./usage-error.js";

/** What `rest-endpoint generate` needs from its host. */
export interface GenerateIo {
  readFile(path: string): Uint8Array;
  writeFile(path: string, text: string): void;
  stdout(text: string): void;
  stderr(text: string): void;
  /**
   * Whether standard output is a terminal: the module printed there (no `--out`) is escaped as
   * everything else the command line prints on one, since names from the description could
   * drive it; on a pipe it stays byte for byte.
   */
  isTerminal: boolean;
  /**
   * Reads a description that is YAML, needs an upgrade (Swagger 2.0) or more than one file
   * (`$ref`s to other files), with the optional package rest-endpoint-openapi; `undefined`
   * when that package is not installed.
   */
  loadDescription?(path: string): Promise<unknown>;
}

/** The optional package that reads what the built-in reader does not. */
export const LOADER_PACKAGE = "rest-endpoint-openapi";

/** Swagger 2.0, or a `$ref` to another file: what only the loader package reads. */
function needsLoading(description: { readonly [key: string]: unknown }): string | undefined {
  if (description.swagger !== undefined) return "Swagger 2.0";
  const pending: object[] = [description];
  const seen = new Set<object>();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    const ref = (node as { $ref?: unknown }).$ref;
    if (!Array.isArray(node) && typeof ref === "string" && !ref.startsWith("#"))
      return "a $ref to another file";
    for (const value of Object.values(node))
      if (typeof value === "object" && value !== null) pending.push(value);
  }
  return undefined;
}

export const GENERATE_HELP = `Usage: rest-endpoint generate DESCRIPTION [--out FILE.js|FILE.ts] [--name NAME] [--import-from SPECIFIER] [--verbose]

Reads an OpenAPI 3.0 or 3.1 description (JSON; YAML, Swagger 2.0 and $refs to other files
with the package rest-endpoint-openapi installed) and writes an ESM module that exports
\`api\` (and \`operations\`, \`baseUrl\`, \`servers\`), with its types beside it (FILE.d.ts):
endpoint.defaults(api) sends each parameter as described, to the description's servers.

  --out, -o FILE.js        where to write the module (FILE.d.ts beside it); FILE.ts writes one
                           TypeScript module instead, for tsc's outDir; without --out the
                           module is printed and no types are written
  --name NAME              the name of the interface of routes in the types (default Routes)
  --import-from SPECIFIER  where the module imports describeOperations from
                           (default rest-endpoint/operations)
  --verbose                list each note on its own line, rather than one line per kind
  --help, -h               this text

What the description holds that cannot be sent as described is listed on standard error,
one line per kind of note with a count (--verbose: one line per note).`;

/**
 * A description file read into plain values: JSON by the built-in reader, and what only the
 * loader package reads (YAML, Swagger 2.0, `$ref`s to other files) by it.
 */
export async function readDescriptionFile(
  file: string,
  io: Pick<GenerateIo, "readFile" | "loadDescription">,
): Promise<unknown> {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(io.readFile(file));
  // JSON with nothing but local `$ref`s is read here; the rest by the loader package.
  let needs = "A YAML description";
  if (
    text
      .replace(/^\uFEFF/, "")
      .trimStart()
      .startsWith("{")
  ) {
    const description = readDescription(text);
    const found = needsLoading(description);
    if (found === undefined) return description;
    needs = found;
  }
  const loaded = await io.loadDescription?.(file);
  if (loaded === undefined) {
    throw new Error(
      `${needs} is read by ${LOADER_PACKAGE}, which is not installed: install it as the README says (https://github.com/rest-endpoint/rest-endpoint#install)`,
    );
  }
  return loaded;
}

/** Runs `rest-endpoint generate ARGS`; resolves to the exit status (2 on bad input). */
export async function runGenerate(argv: readonly string[], io: GenerateIo): Promise<number> {
  const settings: { out?: string; name?: string; importFrom?: string } = {};
  let verbose = false;
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const flag = GENERATE_FLAGS.find((known) => known.name === arg || known.short === arg)?.name;
    if (flag === "--help") {
      io.stdout(`${GENERATE_HELP}\n`);
      return 0;
    }
    if (flag === "--verbose") {
      verbose = true;
    } else if (flag !== undefined) {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value.`);
      settings[flag === "--out" ? "out" : flag === "--name" ? "name" : "importFrom"] = value;
    } else if (arg.startsWith("-") && arg !== "-") {
      throw new UsageError(`Unknown flag ${arg} for generate; see rest-endpoint generate --help.`);
    } else if (file === undefined) {
      file = arg;
    } else {
      throw new UsageError(`generate takes one description, and got a second: ${arg}.`);
    }
  }
  if (file === undefined)
    throw new UsageError("generate needs a description: rest-endpoint generate openapi.yaml --out api.js");
  if (settings.name !== undefined && !/^[A-Za-z_$][\w$]*$/.test(settings.name)) {
    throw new UsageError(`--name must be a TypeScript identifier, got ${settings.name}.`);
  }
  let generated: ReturnType<typeof generateOperations>;
  try {
    generated = generateOperations(await readDescriptionFile(file, io), {
      routesName: settings.name,
      importFrom: settings.importFrom,
    });
  } catch (error) {
    throw new UsageError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const lines = verbose ? generated.notes : groupNotes(generated.notes);
  for (const line of lines) io.stderr(`rest-endpoint generate: ${line}\n`);
  if (lines.length < generated.notes.length) {
    io.stderr(`rest-endpoint generate: ${generated.notes.length} notes in all; --verbose lists each.\n`);
  }
  if (settings.out === undefined) {
    io.stdout(io.isTerminal ? escapeTerminal(generated.module) : generated.module);
    return 0;
  }
  const typescript = /\.m?ts$/.test(settings.out) && !/\.d\.m?ts$/.test(settings.out);
  const types = typescript ? undefined : settings.out.replace(/\.(m?)js$/, ".d.$1ts");
  if (types === settings.out)
    throw new UsageError(`--out must name a .js, .mjs, .ts or .mts file, got ${settings.out}.`);
  try {
    if (types === undefined) {
      io.writeFile(settings.out, generated.typescript);
    } else {
      io.writeFile(settings.out, generated.module);
      io.writeFile(types, generated.types);
    }
  } catch (error) {
    throw new UsageError(
      `Cannot write ${settings.out}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  io.stderr(
    `rest-endpoint generate: ${generated.operations.length} operations written to ${settings.out}${types === undefined ? "" : ` and ${types}`}\n`,
  );
  return 0;
}
