import { generateOperations } from "../generate/generate-operations.js";
import { readDescription } from "../generate/read-description.js";
import { UsageError } from "./parse-arguments.js";

/** What `rest-endpoint generate` needs from its host. */
export interface GenerateIo {
  readFile(path: string): Uint8Array;
  writeFile(path: string, text: string): void;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const GENERATE_HELP = `Usage: rest-endpoint generate DESCRIPTION [--out FILE.js|FILE.ts] [--name NAME] [--import-from SPECIFIER]

Reads an OpenAPI 3.0 or 3.1 description (JSON or YAML) and writes an ESM module that exports
\`api\` (and \`operations\`, \`baseUrl\`, \`servers\`), with its types beside it (FILE.d.ts):
endpoint.defaults(api) sends each parameter as described, to the description's servers.

  --out FILE.js            where to write the module (FILE.d.ts beside it); FILE.ts writes one
                           TypeScript module instead, for tsc's outDir; without --out the
                           module is printed and no types are written
  --name NAME              the name of the interface of routes in the types (default Routes)
  --import-from SPECIFIER  where the module imports describeOperations from
                           (default rest-endpoint/operations)

What the description holds that cannot be sent as described is listed on standard error.`;

/** Runs `rest-endpoint generate ARGS`; resolves to the exit status (2 on bad input). */
export function runGenerate(argv: readonly string[], io: GenerateIo): number {
  const settings: { out?: string; name?: string; importFrom?: string } = {};
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "-h" || arg === "--help") {
      io.stdout(`${GENERATE_HELP}\n`);
      return 0;
    }
    const flag = { "--out": "out", "-o": "out", "--name": "name", "--import-from": "importFrom" }[arg] as
      | keyof typeof settings
      | undefined;
    if (flag !== undefined) {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value.`);
      settings[flag] = value;
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
    const text = new TextDecoder("utf-8", { fatal: true }).decode(io.readFile(file));
    generated = generateOperations(readDescription(text), {
      routesName: settings.name,
      importFrom: settings.importFrom,
    });
  } catch (error) {
    throw new UsageError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const note of generated.notes) io.stderr(`rest-endpoint generate: ${note}\n`);
  if (settings.out === undefined) {
    io.stdout(generated.module);
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
