import { EndpointError } from "../endpoint-error.js";

/** `invalid_options`, its message written like every other (see src/endpoint-error.ts). */
export function invalidOptions(message: string): EndpointError {
  return new EndpointError("invalid_options", message);
}
