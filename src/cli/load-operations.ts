// `--operations FILE`: a module written by `rest-endpoint generate`, or the description itself,
// so that the command line sends each item as the description says, like the library does
// with `endpoint.defaults(api)`.
import { generateOperations } from "../generate/generate-operations.js";
import { operationRoutes } from "../operations/describe-operations.js";
import { type GenerateIo, readDescriptionFile } from "./generate-command.js";
import { UsageError } from "./usage-error.js";

/** What loading needs from its host. */
export interface LoadIo extends Pick<GenerateIo, "readFile" | "loadDescription"> {
  /** Imports a module by path (a file) or by `data:` URL (a module generated here). */
  importModule?(specifier: string): Promise<Record<string, unknown>>;
  /** The URL of this package's `operations` entry, which a module generated here imports. */
  readonly operationsUrl?: string;
}

/** An API read from `--operations`: the defaults for its builder, and the routes it describes. */
export interface OperationsFile {
  /** `endpoint.defaults(api)`, credentials included when `--auth-env` gave any. */
  readonly api: object;
  readonly routes: readonly string[];
  /** FILE as `--operations` names it, for messages. */
  readonly file: string;
  /** The description, when FILE is one (a module carries no schemas to check items against). */
  readonly description?: unknown;
  /** `api` without the credentials of `--auth-env`, to tell which headers carry them. */
  readonly plain: object;
  /** What generating FILE here noted (`"GET /x: ... is left out."`), when FILE is a description. */
  readonly notes?: readonly string[];
}

/**
 * Loads `file`: a `.js` or `.mjs` module (as `generate` writes it) is imported; anything else
 * is read as a description and generated here. `credentials` (scheme name to value, from
 * `--auth-env`) go to the module's `withCredentials`, so they are sent as each scheme says and
 * only to the description's servers.
 */
export async function loadOperations(
  file: string,
  credentials: Readonly<Record<string, unknown>> | undefined,
  io: LoadIo,
): Promise<OperationsFile> {
  if (io.importModule === undefined) throw new UsageError("--operations needs a host that imports modules.");
  let module: Record<string, unknown>;
  let description: unknown;
  let notes: readonly string[] | undefined;
  try {
    if (/\.m?js$/.test(file)) {
      module = await io.importModule(file);
    } else {
      description = await readDescriptionFile(file, io);
      const generated = generateOperations(description, {
        importFrom: io.operationsUrl,
      });
      notes = generated.notes;
      module = await io.importModule(`data:text/javascript,${encodeURIComponent(generated.module)}`);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--operations ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let api = module.api;
  if (credentials !== undefined) {
    if (typeof module.withCredentials !== "function") {
      throw new UsageError(
        `--auth-env needs a module with withCredentials (as generate writes it): ${file} has none.`,
      );
    }
    api = (module.withCredentials as (credentials: object) => unknown)(credentials);
  }
  const operations =
    typeof api === "object" && api !== null ? (api as { operations?: unknown }).operations : undefined;
  const routes =
    typeof operations === "object" && operations !== null ? operationRoutes(operations) : undefined;
  if (routes === undefined) {
    throw new UsageError(
      `--operations ${file} exports no api with operations made by this rest-endpoint's describeOperations (write it with rest-endpoint generate).`,
    );
  }
  return {
    api: api as object,
    routes,
    file,
    plain: module.api as object,
    ...(description === undefined ? {} : { description }),
    ...(notes === undefined ? {} : { notes }),
  };
}
