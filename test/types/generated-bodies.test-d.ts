// Issue 37, item 4: bodies described by a media range (`*/*`, `application/*`) are typed by
// their schema, checked by compiling (tsc -p test/types, TypeScript 7 and 5.9). The fixture
// was written by `rest-endpoint generate` from test/fixtures/ranges/ranges.json;
// test/generate/media-range-bodies.test.ts keeps it up to date.
import { endpoint } from "rest-endpoint";
import { api } from "../fixtures/ranges/ranges.js";

const ranges = endpoint.defaults(api);

// `*/*` with an object of fields: the fields are typed.
ranges("POST /namespaces/{namespace}/pods", { namespace: "n", kind: "Pod", spec: { replicas: 2 } });
// @ts-expect-error: replicas is a number
ranges("POST /namespaces/{namespace}/pods", { namespace: "n", spec: { replicas: "2" } });
// @ts-expect-error: a misspelt field is an error
ranges("POST /namespaces/{namespace}/pods", { namespace: "n", knd: "Pod" });
// data is typed by the schema: an object of its fields, not any value.
ranges("POST /namespaces/{namespace}/pods", { namespace: "n", data: { kind: "Pod" } });
// @ts-expect-error: data is the body schema's object, not a number
ranges("POST /namespaces/{namespace}/pods", { namespace: "n", data: 42 });
// A field named like a parameter goes through data.
ranges("DELETE /namespaces/{namespace}/pods", { namespace: "n", data: { dryRun: ["All"] } });
// @ts-expect-error: the body's dryRun is a list of strings
ranges("DELETE /namespaces/{namespace}/pods", { namespace: "n", data: { dryRun: "All" } });
// `application/*`, required with a required field: the field, or data.
ranges("POST /bindings", { target: { name: "node-1" } });
ranges("POST /bindings", { data: { target: {} } });
// @ts-expect-error: target is required
ranges("POST /bindings", {});
// A schema of another shape types data, required as the body is.
ranges("PUT /batch", { data: [1, 2] });
// @ts-expect-error: a list of numbers
ranges("PUT /batch", { data: ["1"] });
// @ts-expect-error: data is required
ranges("PUT /batch", {});
// No schema: data as it stands.
ranges("POST /anything", { data: 42 });
// A JSON-encoded form field is typed by its schema, at every depth.
ranges("POST /forms", { meta: { tags: [["a", "b"]] }, name: "n" });
// @ts-expect-error: tags is a list of lists
ranges("POST /forms", { meta: { tags: ["a"] } });
