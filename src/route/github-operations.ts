import type { GitHubRoutes } from "../types/github-routes.js";
import { describeOperations, type OperationTable } from "./describe-operations.js";
export const operations: OperationTable<GitHubRoutes> = describeOperations({});
