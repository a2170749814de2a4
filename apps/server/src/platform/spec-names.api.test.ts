import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/each-database.js';
import { SPEC_RECORDS, type SpecRecord } from '../../test/spec-records.js';

/** The pieces of an OpenAPI schema this test walks. */
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The schemas a value of `schema` may take: references followed, unions and lists opened. */
function shapesOf(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema[] {
  if (!schema) return [];
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return shapesOf(document, document.components?.schemas?.[name]);
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length) return branches.flatMap((branch) => shapesOf(document, branch));
  if (schema.items) return shapesOf(document, schema.items);
  return [schema];
}

/** Whether the dotted field is a property of the schema (through lists, unions and references). */
function hasField(document: OpenApiDocument, schema: JsonSchema | undefined, field: string): boolean {
  const [name, ...rest] = field.split('.');
  return shapesOf(document, schema).some((shape) => {
    const property = shape.properties?.[name];
    if (!property) return false;
    return rest.length === 0 || hasField(document, property, rest.join('.'));
  });
}

function schemaOf(document: OpenApiDocument, { answer }: SpecRecord): JsonSchema | undefined {
  const operation = document.paths[answer.path]?.[answer.method];
  expect(operation, `${answer.method.toUpperCase()} ${answer.path} is not in the OpenAPI document`).toBeDefined();
  if (answer.part === 'body') return operation!.requestBody?.content?.['application/json']?.schema;
  const success = operation!.responses?.['200'] ?? operation!.responses?.['201'];
  const schema = success?.content?.['application/json']?.schema;
  if (answer.part === 'answer') return schema;
  // A list answer: its items ({ items, total }, or { list, hasMore }).
  return shapesOf(document, schema)
    .map((shape) => shape.properties?.items ?? shape.properties?.list)
    .find(Boolean);
}

describeEachDatabase("the spec's names", (t) => {
  it("every field of every record in test/spec-records.ts (decision 017) is a name in the API's OpenAPI schemas", async () => {
    const response = await t.request('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    const missing: string[] = [];
    for (const record of SPEC_RECORDS) {
      const schema = schemaOf(document, record);
      expect(schema, `${record.record}: no schema at ${record.answer.path}`).toBeDefined();
      for (const field of record.fields) if (!hasField(document, schema, field)) missing.push(`${record.record}: ${field}`);
    }
    expect(missing).toEqual([]);
  });

  it('the walk finds a missing name (the check can fail)', async () => {
    const document = (await t.request('GET', '/api/docs/json')).json<OpenApiDocument>();
    const booking = SPEC_RECORDS.find((record) => record.record === 'Booking record')!;
    const schema = schemaOf(document, booking);
    expect(hasField(document, schema, 'dateIso')).toBe(true);
    expect(hasField(document, schema, 'checkoutInfo.payments.paymentIntentId')).toBe(true);
    expect(hasField(document, schema, 'dateIsoo')).toBe(false);
    expect(hasField(document, schema, 'checkoutInfo.payments.intent')).toBe(false);
  });
});
