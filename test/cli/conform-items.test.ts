// Typed items against a description's schemas, as a hostile description or input would try
// them: references that loop, schemas that fan out, enums too long for one line.
import { describe, expect, it } from "vitest";
import { conformItems } from "../../src/cli/conform-items.js";
import { operationSchemas } from "../../src/cli/item-schemas.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { workOf } from "../work/work-counter.js";

/** Counted work (test/work/) of reading 60 fields of one schema, far below 60 to the depth. */
const FAN_OUT_BOUND = 100_000;

function described(schemas: Record<string, unknown>, body: unknown): unknown {
  return {
    openapi: "3.1.0",
    paths: {
      "/x": {
        post: {
          parameters: [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/Q" } }],
          requestBody: { content: { "application/json": { schema: body } } },
        },
      },
    },
    components: { schemas },
  };
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("not refused");
}

describe("typed items against schemas", () => {
  it("a schema that refers to itself is read once; its nested fields are checked", () => {
    const description = described(
      {
        Q: { $ref: "#/components/schemas/Q" },
        Node: {
          type: "object",
          properties: { n: { type: "integer" }, next: { $ref: "#/components/schemas/Node" } },
        },
      },
      { $ref: "#/components/schemas/Node" },
    );
    const schemas = operationSchemas(description, "POST /x");
    if (schemas === undefined) throw new Error("no operation");
    // Q loops on itself: not checked.
    expect(conformItems({ q: "anything" }, [], schemas)).toStrictEqual({ q: "anything" });
    expect(conformItems({ n: "1", next: { n: "2" } }, [], schemas)).toStrictEqual({ n: 1, next: { n: "2" } });
  });

  it("schemas that fan out (each of 60 fields the same schema, nested) are read in linear work", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`f${i}`, { $ref: "#/components/schemas/Wide" }]),
    );
    const description = described(
      {
        Q: { type: "string" },
        Wide: { type: "object", properties: { ...properties, n: { type: "integer" } } },
      },
      { $ref: "#/components/schemas/Wide" },
    );
    let schemas: ReturnType<typeof operationSchemas>;
    // Counted work (test/work/): reading each field's schema anew would be 60 to the depth.
    const work = workOf(() => {
      schemas = operationSchemas(description, "POST /x");
    });
    if (process.env.SHOW_WORK) console.log(`fan out: ${work}`);
    expect(work).toBeLessThan(FAN_OUT_BOUND);
    if (schemas === undefined) throw new Error("no operation");
    expect(conformItems({ n: "7" }, [], schemas)).toStrictEqual({ n: 7 });
  });

  it("an enum of 10,000 values is named in part, in one short line", () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `value-${i}`);
    const schemas = operationSchemas(described({ Q: { enum: values } }, {}), "POST /x");
    if (schemas === undefined) throw new Error("no operation");
    const message = refusal(() => conformItems({}, [["q", "nope"]], schemas));
    expect(message).toMatch(
      /^q==nope: the description says q is one of "value-0", .*, … \(10000 in all\)\.$/,
    );
    expect(message.length).toBeLessThan(300);
  });

  it("keys such as __proto__ in a description or an item are data", () => {
    const description = JSON.parse(
      '{"openapi":"3.1.0","paths":{"/x":{"post":{"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"__proto__":{"type":"integer"}}}}}}}}}}',
    );
    const schemas = operationSchemas(description, "POST /x");
    if (schemas === undefined) throw new Error("no operation");
    const options = JSON.parse('{"__proto__":"5"}');
    const result = conformItems(options, [], schemas) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(result, "__proto__")?.value).toBe(5);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
    expect(operationSchemas(description, "GET /x")).toBeUndefined();
    expect(operationSchemas(description, "POST /constructor")).toBeUndefined();
  });
});
