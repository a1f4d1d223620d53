// The values a route parameter may hold, as typed routes name them.

/** A value for a required path parameter (`{name}`, `{+name}`, `:name`). */
export type PathValue = string | number | bigint;

type Scalar = string | number | bigint | boolean;

/** A value for an optional template parameter: a scalar, a list or a map of scalars. */
export type TemplateValue =
  | Scalar
  | readonly Scalar[]
  | { readonly [key: string]: Scalar }
  | null
  | undefined;
