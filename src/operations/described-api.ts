import { EndpointError } from "../errors/endpoint-error.js";
import { snapshot } from "../errors/read-own.js";
import { describeValue } from "../shared/describe-value.js";
import { isPlainObject } from "../shared/object.js";
import type { OperationTable } from "../types/operation-table.js";
import { TABLE_SOURCES, type TableSource } from "./table-sources.js";

/** What `endpoint.defaults` takes from a generated module (its `api`): at least a table. */
export interface DescribedApi {
  readonly operations: OperationTable<unknown>;
  readonly baseUrl?: string | undefined;
}

/** An `api` given to `moveServers` or `withPlainRoutes`, read once, with its table's source. */
export function readDescribedApi(
  api: unknown,
  caller: string,
): { readonly own: Record<string, unknown>; readonly source: TableSource } {
  const own = isPlainObject(api) ? snapshot(api, __DEV__ ? `the api given to ${caller}()` : "") : undefined;
  const source = own === undefined ? undefined : TABLE_SOURCES.get(own.operations as object);
  if (own === undefined || source === undefined) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `${caller}() takes an api such as a module written by \`rest-endpoint generate\` exports ({ baseUrl, operations }, operations made by describeOperations()), got ${describeValue(api)}.`
        : "",
      { option: "operations" },
    );
  }
  return { own, source };
}
