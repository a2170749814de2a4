import { sql } from 'drizzle-orm';
import { boolean, foreignKey, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';
import { products } from '../products/schema.js';

export const widgetTemplates = pgTable(
  'widget_templates',
  {
    ...owned(),
    name: text('name').notNull(),
    productId: text('product_id'),
    position: text('position').$type<'embedded' | 'floating'>().notNull(),
    isHideBeacon: boolean('is_hide_beacon').notNull().default(false),
    isPromocodesAvailable: boolean('is_promocodes_available').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    view: jsonb('view')
      .$type<{ fontFamily: string; viewMode: string; colors: { primary: string; secondary: string }; isUseAvailabilityColors: boolean }>()
      .notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.productId], foreignColumns: [products.venueId, products.id], name: 'widget_templates_product_fk' }),
    // At most one default per venue, whatever the application does.
    uniqueIndex('widget_templates_one_default')
      .on(t.venueId)
      .where(sql`${t.isDefault}`),
  ],
);
