// Builders typed by generated routes, checked by compiling (tsc -p test/types, with TypeScript 7
// and 5.9) against the built package. The fixture was written by `rest-endpoint generate` from
// the Scalar Galaxy description (@scalar/galaxy, MIT); test/generate keeps it up to date.

import {
  type ErrorResponseFor,
  endpoint,
  type RequestOptions,
  type ResponseFor,
  type UnknownRoute,
} from "rest-endpoint";
import { sender, toFetchArgs } from "rest-endpoint/adapters";
import { describeOperations, moveServers, withPlainRoutes } from "rest-endpoint/operations";
import {
  api,
  baseUrl,
  operations,
  type Responses,
  type Schemas,
  withCredentials,
} from "../fixtures/generated/galaxy.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;

const galaxy = endpoint.defaults({ baseUrl, operations });
galaxy("GET /planets", { limit: 10, offset: 20 });
galaxy("GET /planets");
galaxy("GET /planets/{planetId}", { planetId: 1 });
// @ts-expect-error: planetId is missing
galaxy("GET /planets/{planetId}", {});
// @ts-expect-error: limit is a number
galaxy("GET /planets", { limit: "ten" });
// @ts-expect-error: a misspelt parameter is an error on a described route
galaxy("GET /planets", { limt: 10 });
galaxy("POST /planets", { name: "Mars", type: "terrestrial" });
// @ts-expect-error: type is one of the described values
galaxy("POST /planets", { name: "Mars", type: "rocky" });
galaxy("POST /auth/token", { email: "a@b.example", password: "x" });
// A route the description does not have is an error, misspelt or not the API's at all.
// @ts-expect-error: no route "GET /planetz"
galaxy("GET /planetz");
// @ts-expect-error: GitHub's routes are not this builder's
galaxy("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
// @ts-expect-error: routes are written as the description writes them
galaxy("get /planets");
// The way past: a route said to be unknown takes any parameters and gives any method.
const other = galaxy("GET /other/{id}" as UnknownRoute, { id: 1, anything: true });
assert<Equal<typeof other, RequestOptions>>();
galaxy("GET /healthz" as UnknownRoute);
// So do a plain builder's and the root builder's, as before.
const plainBuilder = endpoint.defaults({ baseUrl });
plainBuilder("GET /other/{id}", { id: 1, anything: true });
endpoint("GET /other/{id}", { id: 1, anything: true });
// Options that name the method and url are not checked against the routes either.
galaxy({ method: "GET", url: "/other" });
// The root builder keeps GitHub's map.
// @ts-expect-error: state, not stat
endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", stat: "open" });
// Defaults cascade and keep the map.
const planets = galaxy.defaults({ limit: 5 });
planets("GET /planets", { offset: 1 });
// @ts-expect-error: still typed by the map
planets("GET /planets", { ofset: 1 });
const result = galaxy("GET /planets");
assert<Equal<typeof result.method, "get">>();
const plain: RequestOptions = galaxy("POST /planets", {});
void plain;
// A table made by hand is typed by the routes it is given, or by none.
const untyped = endpoint.defaults({ operations: describeOperations({ "GET /x": "/x{?a*}" }) });
untyped("GET /x", { a: [1, 2], b: 3 });
// @ts-expect-error: operations must be a table
endpoint.defaults({ operations: { "GET /x": "/x" } });

// Body fields are typed to the depth the schema has: nested objects, arrays of objects, and a
// schema that refers to itself (a planet's satellites orbit a planet), named in `Schemas`.
galaxy("POST /planets", {
  name: "Mars",
  physicalProperties: { temperature: { min: -140, max: 20 } },
  satellites: [
    { name: "Phobos", orbit: { planet: { id: 4, name: "Mars", satellites: [{ name: "Deimos" }] } } },
  ],
});
// @ts-expect-error: a satellite's name is a string, in an array of objects
galaxy("POST /planets", { satellites: [{ name: 1 }] });
// @ts-expect-error: three levels down, temperature.min is a number
galaxy("POST /planets", { physicalProperties: { temperature: { min: "cold" } } });
// @ts-expect-error: a misspelt field of the recursive schema, four levels down
galaxy("POST /planets", { satellites: [{ name: "S", orbit: { planet: { id: 4, name: "M", tpye: "x" } } }] });
// @ts-expect-error: the planet a satellite orbits needs its required name
galaxy("POST /planets", { satellites: [{ name: "Phobos", orbit: { planet: { id: 4 } } }] });
// A body of several shapes is typed as data, each shape by its schema.
galaxy("POST /celestial-bodies", { data: { name: "Europa", type: "moon" } });
// @ts-expect-error: neither a planet nor a satellite
galaxy("POST /celestial-bodies", { data: { name: "Europa", type: "asteroid belt" } });
// Named schemas are exported: the types of the description's objects, by their names.
const satellite: Schemas["Satellite"] = { name: "Titan", orbit: { planet: { id: 6, name: "Saturn" } } };
assert<Equal<Schemas["Planet"]["id"], number>>();
void satellite;
// A multipart file is a Blob (or bytes).
galaxy("POST /planets/{planetId}/image", { planetId: 1, image: new Blob(["png"]) });
// @ts-expect-error: a file, not a number
galaxy("POST /planets/{planetId}/image", { planetId: 1, image: 1 });

// Responses: the body of any 2xx, and of the errors, by the statuses the description lists.
async function readPlanet(id: number): Promise<string> {
  const response = await fetch(...toFetchArgs(galaxy("GET /planets/{planetId}", { planetId: id })));
  if (!response.ok) {
    const problem: ErrorResponseFor<Responses, "GET /planets/{planetId}"> = await response.json();
    return `${problem.status}: ${problem.title}`;
  }
  const planet: ResponseFor<Responses, "GET /planets/{planetId}"> = await response.json();
  // @ts-expect-error: a planet has no radius of its own; it is in physicalProperties
  void planet.radius;
  return `${planet.name} (${planet.physicalProperties?.temperature?.average ?? "?"} K)`;
}
void readPlanet;
assert<Equal<ResponseFor<Responses, "GET /planets/{planetId}">, Schemas["Planet"]>>();
assert<Equal<ResponseFor<Responses, "POST /user/signup">, Schemas["User"]>>();
// No content: undefined; errors are the union of those listed.
assert<Equal<ResponseFor<Responses, "DELETE /planets/{planetId}">, undefined>>();
assert<
  Equal<ErrorResponseFor<Responses, "POST /planets">, Schemas["BadRequestError"] | Schemas["ForbiddenError"]>
>();
// None listed: unknown.
assert<Equal<ErrorResponseFor<Responses, "POST /celestial-bodies">, unknown>>();
// @ts-expect-error: a route the description does not have
export type NoSuchRoute = ResponseFor<Responses, "GET /planetz">;

// A sender typed by the module's Responses: data and error by the route of the options.
const sendGalaxy = sender<Responses>();
export async function sentPlanet(id: number): Promise<string> {
  const sent = await sendGalaxy(galaxy("GET /planets/{planetId}", { planetId: id }));
  if (sent.error !== undefined) {
    assert<Equal<typeof sent.error, Responses["GET /planets/{planetId}"]["404"]>>();
    return "not found";
  }
  assert<Equal<typeof sent.data, Schemas["Planet"]>>();
  // @ts-expect-error: a planet has no radius of its own; it is in physicalProperties
  void sent.data.radius;
  // @ts-expect-error: a planet is no list of planets
  const planets: Schemas["Planet"][] = sent.data;
  void planets;
  return sent.data.name;
}
export async function sentOthers(): Promise<void> {
  const created = await sendGalaxy(
    galaxy("POST /user/signup", { name: "n", email: "e@x.example", password: "p" }),
  );
  if (created.error === undefined) assert<Equal<typeof created.data, Schemas["User"]>>();
  const removed = await sendGalaxy(galaxy("DELETE /planets/{planetId}", { planetId: 1 }));
  assert<Equal<typeof removed.data, undefined>>();
  const anyOther = await sendGalaxy(galaxy("GET /healthz" as UnknownRoute));
  assert<Equal<typeof anyOther.data, unknown>>();
  const strictly = await sender<Responses>({ throwOnStatus: true })(galaxy("GET /planets"));
  assert<Equal<typeof strictly.data, ResponseFor<Responses, "GET /planets">>>();
}

// The generated `api` carries everything a builder needs, and types it by the same routes.
const fromApi = endpoint.defaults(api);
fromApi("GET /planets", { limit: 10 });
// @ts-expect-error: a misspelt parameter is an error through api too
fromApi("GET /planets", { limt: 10 });

// Credentials by the description's scheme names; basic takes a user and password.
const signedIn = endpoint.defaults(
  withCredentials({ bearerAuth: "T", basicAuth: { username: "u", password: "p" } }),
);
signedIn("GET /me");
// @ts-expect-error: no such security scheme
withCredentials({ bearer: "T" });
// @ts-expect-error: basic takes { username, password }
withCredentials({ basicAuth: "u:p" });

// An api moved to other hosts, or taking plain routes, keeps the generated routes' types.
const mock = endpoint.defaults(moveServers(api, { "https://galaxy.scalar.com": "http://localhost:4010" }));
mock("GET /planets", { limit: 10 });
// @ts-expect-error: a misspelt parameter is still an error on a moved api
mock("GET /planets", { limt: 10 });
// @ts-expect-error: a route the description does not have, on a moved api
mock("GET /planetz");
assert<Equal<ReturnType<typeof moveServers<typeof api>>["baseUrl"], string>>();
endpoint.defaults(
  moveServers(withCredentials({ bearerAuth: "T" }), { "https://galaxy.scalar.com": "/galaxy" }),
)("GET /me");
// @ts-expect-error: a server map's targets are urls
moveServers(api, { "https://galaxy.scalar.com": 4010 });
const plainToo = endpoint.defaults(withPlainRoutes(api));
plainToo("GET /healthz" as UnknownRoute);
plainToo("GET /planets", { limit: 10 });
// @ts-expect-error: plain routes are taken at run time; the types still ask for UnknownRoute
plainToo("GET /healthz");
