// `invalidOptions` lives beside `EndpointError`, where the readers of a caller's objects
// (errors/read-own.ts) and the headers reader use it too: one function for every
// `invalid_options` in the bundle.
export { invalidOptions } from "../errors/endpoint-error.js";
