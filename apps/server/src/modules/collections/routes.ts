import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../platform/module.js';
import { registerCollection, type CollectionDef } from '../../platform/collections.js';
import { affiliatesCollection } from '../affiliates/collection.js';
import { integrationsCollection } from '../integrations/collection.js';
import { mailingTemplatesCollection } from '../mailing-templates/collection.js';
import { productsCollection } from '../products/collection.js';
import { promocodesCollection } from '../promocodes/collection.js';
import { resourcesCollection } from '../resources/collection.js';
import { taxesCollection } from '../taxes/collection.js';
import { termsCollection } from '../terms/collection.js';
import { upsellItemsCollection } from '../upsell-items/collection.js';
import { waiversCollection } from '../waivers/collection.js';
import { widgetTemplatesCollection } from '../widget-templates/collection.js';

/** Every catalog and settings collection, each declared once and served by the one machinery. */
export const COLLECTIONS: CollectionDef[] = [
  resourcesCollection,
  productsCollection,
  taxesCollection,
  termsCollection,
  upsellItemsCollection,
  promocodesCollection,
  affiliatesCollection,
  mailingTemplatesCollection,
  widgetTemplatesCollection,
  integrationsCollection,
  waiversCollection,
];

export const collectionRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const services = { db: deps.database.db, reads: deps.reads, storage: deps.storage, config: deps.config, collections: COLLECTIONS };
  for (const collection of COLLECTIONS) registerCollection(app, services, collection);
};
