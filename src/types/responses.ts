// Response body types of generated routes, read from a generated module's `Responses`.

/** The statuses of a success: `"200"` to `"299"`, and `"2XX"` as a description may write it. */
type Success = `2${number}` | "2XX" | "2xx";
/** The statuses of an error: 4xx and 5xx, and `default` (any status the description does not list). */
type Failure = `4${number}` | "4XX" | "4xx" | `5${number}` | "5XX" | "5xx" | "default";

type BodyOf<Statuses, Picked> = [Extract<keyof Statuses, Picked>] extends [never]
  ? unknown
  : Statuses[Extract<keyof Statuses, Picked>];

/**
 * The body of a success response (any 2xx status the description lists) of route `R`, from a
 * generated module's `Responses`; `unknown` when the description lists none.
 *
 * @example
 * ```ts
 * import type { Responses } from "./petstore.js"; // written by `rest-endpoint generate`
 * const response = await fetch(...toFetchArgs(petstore("GET /pets")));
 * const pets: ResponseFor<Responses, "GET /pets"> = await response.json();
 * ```
 */
export type ResponseFor<Responses, R extends keyof Responses> = BodyOf<Responses[R], Success>;

/**
 * The body of an error response (4xx, 5xx or `default`) of route `R`, from a generated module's
 * `Responses`; `unknown` when the description lists none.
 *
 * @example
 * ```ts
 * if (!response.ok) throw new Error((await response.json() as ErrorResponseFor<Responses, "GET /pets">).message);
 * ```
 */
export type ErrorResponseFor<Responses, R extends keyof Responses> = BodyOf<Responses[R], Failure>;

/**
 * The body of a response of route `R` that is no success (a 3xx such as `304`, a 4xx, a 5xx or
 * `default`), from a generated module's `Responses`: what `sender` gives as `error`; `unknown`
 * when the description lists none.
 *
 * @example
 * ```ts
 * type NotModifiedOrError = OtherResponseFor<GitHubResponses, "GET /emojis">; // undefined (its 304)
 * ```
 */
export type OtherResponseFor<Responses, R extends keyof Responses> = BodyOf<
  Responses[R],
  Exclude<keyof Responses[R], Success>
>;
