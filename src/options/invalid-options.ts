// `invalidOptions` lives beside `EndpointError`, where the shared readers (shared/object.ts)
// and the headers reader use it too: one function for every `invalid_options` in the bundle.
export { invalidOptions } from "../endpoint-error.js";
