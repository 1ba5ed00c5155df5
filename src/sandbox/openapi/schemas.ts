/** zod schemas of src/protocol as the JSON Schema of an OpenAPI 3.1 document, each named once under components. */
import * as z from 'zod/mini';

export type JsonSchema = { [key: string]: unknown };

/**
 * A protocol schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1, without its `$schema`. Requests are read as
 * what the service accepts (`input`), answers as what it sends (`output`). A check zod cannot express (a refinement,
 * a custom string) widens to what JSON Schema can say, never narrows.
 */
export function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The document's `components.schemas`: a schema met twice (two operations answer the same shape) is stored once. */
export class SchemaRegistry {
  readonly schemas: Record<string, JsonSchema> = {};
  readonly #names = new Map<string, string>();

  /**
   * A `$ref` to `schema`, stored under `name` unless an identical schema is stored already (`share: false` stores it
   * under its own name all the same: an event's data is its own type even when another event's has the same shape).
   */
  ref(name: string, schema: JsonSchema, { share = true } = {}): { $ref: string } {
    const key = JSON.stringify(schema);
    let stored = share ? this.#names.get(key) : undefined;
    if (stored === undefined) {
      stored = name;
      for (let n = 2; stored in this.schemas; n++) stored = `${name}${n}`;
      this.schemas[stored] = schema;
      if (!this.#names.has(key)) this.#names.set(key, stored);
    }
    return { $ref: `#/components/schemas/${stored}` };
  }
}

/** `startApplication` → `StartApplication`, `consent.authorised` → `ConsentAuthorised`. */
export const pascal = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** `attachInstitution` → `attach institution`. */
export const words = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
