import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './access.js';

/**
 * The OpenAPI document /api/docs serves, in a shape other tools accept (Redocly's recommended
 * lint passes with no error, decision 043): servers, the two ways to sign in as security
 * schemes, and each operation's security taken from its `config.access`, so it cannot drift
 * from what the access step enforces.
 */

/** The security schemes' names in the document. */
export const SECURITY_SCHEMES = { bearer: 'bearerToken', cookie: 'sessionCookie' } as const;

/** What an operation's access asks of a caller: nothing for a public route, else a session by either means. */
export function securityOf(access: Access | undefined): Record<string, string[]>[] {
  if (!access || 'public' in access) return [];
  // A kiosk's device token (issue 39) goes in the bearer header; no cookie.
  if ('kiosk' in access) return [{ [SECURITY_SCHEMES.bearer]: [] }];
  return [{ [SECURITY_SCHEMES.bearer]: [] }, { [SECURITY_SCHEMES.cookie]: [] }];
}

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`: zod's nullable union comes out as
 * `{ anyOf, nullable: true }`, which says the same as each branch being nullable.
 */
function nullableBesideType(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(nullableBesideType);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) nullableBesideType(value);
  const branches = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    delete schema.nullable;
    for (const branch of branches) if (branch.type !== undefined) branch.nullable = true;
  }
}

export function openApiOptions(baseUrl: string, sessionCookieName: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Lanebook API',
        version: '1.0.0',
        description: 'Send the session cookie or Authorization: Bearer <token>, and X-Venue-Id for venue routes.',
      },
      servers: [{ url: baseUrl }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.bearer]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The set-auth-token header of the sign-in answer (POST /api/auth/sign-in/email).',
          },
          [SECURITY_SCHEMES.cookie]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName,
            description: "The console's session cookie; a state-changing request must come from Lanebook's own origin.",
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const access = (input.route.config as { access?: Access } | undefined)?.access;
      return { ...transformed, schema: { ...transformed.schema, security: securityOf(access) } };
    },
    transformObject: (documents) => {
      const document = 'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
      nullableBesideType(document);
      return document;
    },
  };
}
