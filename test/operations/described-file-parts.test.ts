// A described multipart body sends files as file parts, each with a filename
// (servers such as multer and busboy tell a file from a text field by it): a File keeps its
// own name, a Blob and bytes get the field's name, never FormData's "blob".
import { describe, expect, it } from "vitest";
import { toFetchArgs } from "../../src/adapters/index.js";
import { endpoint } from "../../src/index.js";
import { describeOperations } from "../../src/operations/describe-operations.js";

const api = endpoint.defaults({
  baseUrl: "https://pets.example",
  operations: describeOperations({
    "POST /pets/{id}/photo": { url: "/pets/{id}/photo", body: "multipart/form-data" },
  }),
} as never);

/** The parts as a server reads the request fetch would send. */
async function parts(photo: unknown): Promise<unknown[]> {
  const [, init] = toFetchArgs(api("POST /pets/{id}/photo", { id: 7, caption: "hi", photo } as never));
  const request = new Request("https://pets.example/", { method: "POST", body: init.body as BodyInit });
  const list: unknown[] = [];
  for (const [name, value] of await request.formData()) {
    list.push(
      typeof value === "string"
        ? { name, value }
        : { name, filename: value.name, type: value.type, text: await value.text() },
    );
  }
  return list;
}

describe("described multipart bodies: file parts have filenames", () => {
  it.each<[string, { given: unknown; want: unknown }]>([
    [
      "a File keeps its name and type",
      {
        given: new File(["PNG"], "cat.png", { type: "image/png" }),
        want: { filename: "cat.png", type: "image/png" },
      },
    ],
    [
      "a Blob gets the field's name",
      { given: new Blob(["PNG"], { type: "image/png" }), want: { filename: "photo", type: "image/png" } },
    ],
    [
      "bytes get the field's name, application/octet-stream",
      {
        given: new TextEncoder().encode("PNG"),
        want: { filename: "photo", type: "application/octet-stream" },
      },
    ],
  ])("%s", async (_title, { given, want }) => {
    expect(await parts(given)).toStrictEqual([
      { name: "caption", value: "hi" },
      { name: "photo", text: "PNG", ...(want as object) },
    ]);
  });
});
