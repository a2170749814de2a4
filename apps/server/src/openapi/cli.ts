/**
 * `npm run openapi:dump` prints the OpenAPI document (as /api/docs/json serves it, made without
 * listening); `npm run openapi:lint` runs Redocly's recommended lint on it and fails on an error;
 * `npm run openapi:types` writes the client's types (packages/core/src/api/openapi.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument, GENERATED_TYPES_FILE, generatedTypes, lintDocument } from './document.js';

const command = process.argv[2];
const document = await buildOpenApiDocument();
if (command === 'dump') {
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
} else if (command === 'lint') {
  const result = lintDocument(document);
  console.log(`Redocly recommended lint: ${result.errors} errors, ${result.warnings} warnings.`);
  if (result.errors) {
    console.error(result.report);
    process.exitCode = 1;
  }
} else if (command === 'types') {
  mkdirSync(path.dirname(GENERATED_TYPES_FILE), { recursive: true });
  writeFileSync(GENERATED_TYPES_FILE, await generatedTypes(document));
  console.log(`Wrote ${path.relative(process.cwd(), GENERATED_TYPES_FILE)}.`);
} else {
  console.error('Usage: cli.ts dump | lint | types');
  process.exitCode = 1;
}
