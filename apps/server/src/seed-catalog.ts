import { randomUUID } from 'node:crypto';
import { addDays, productDefaults, venueToday, wallTimeOf, widgetTemplateDefaults, type ProductInput } from '@lanebook/core';
import type { Tx } from './db/client.js';
import { slotGroupBodySchema } from '@lanebook/core/calendar-schemas';
import { populateSlotGroup, putSlotGroup } from './modules/calendar/service.js';
import { createDefaultWaiver } from './modules/waivers/default-waiver.js';
import { affiliates, mailingTemplates, products, promocodes, resources, taxes, terms, upsellItems, widgetTemplates } from './db/schema.js';

interface VenueCatalog {
  venueId: string;
  lanes: { prefix: string; count: number; capacity: number };
  taxName: string;
  taxRate: number;
  products: (Partial<ProductInput> & { name: string })[];
  upsells: { name: string; description: string; price: number }[];
}

export const DEMO_CATALOGS: VenueCatalog[] = [
  {
    venueId: 'demo-axe',
    lanes: { prefix: 'Lane', count: 8, capacity: 6 },
    taxName: 'NY sales tax',
    taxRate: 8.875,
    products: [
      {
        name: 'Axe Throwing 1 hour',
        title: 'Axe Throwing: 1 hour',
        icon: 'axe',
        duration: 1,
        price: 2500,
        minPlayers: 2,
        maxPlayers: 6,
        isPaused: false,
      },
      {
        name: 'Axe Throwing 2 hours',
        title: 'Axe Throwing: 2 hours',
        icon: 'axe',
        duration: 2,
        price: 4000,
        minPlayers: 2,
        maxPlayers: 6,
        isPaused: false,
      },
      {
        name: 'Party package',
        title: 'Private party (up to 24 guests)',
        icon: 'party',
        duration: 3,
        price: 0,
        typeOfPricing: 'group-range',
        minPlayers: 8,
        maxPlayers: 24,
        groups: [
          { id: 'small', from: 8, to: 12, price: 39900 },
          { id: 'medium', from: 13, to: 18, price: 54900 },
          { id: 'large', from: 19, to: 24, price: 69900 },
        ],
        isDeposit: true,
        deposit: 10000,
        isPaused: false,
      },
    ],
    upsells: [
      { name: 'Souvenir axe', description: 'A small engraved axe to take home', price: 2900 },
      { name: 'Pizza (large)', description: 'Delivered to your lane', price: 2200 },
      { name: 'Soft drinks pitcher', description: 'Cola, lemonade or iced tea', price: 900 },
    ],
  },
  {
    venueId: 'demo-bowl',
    lanes: { prefix: 'Lane', count: 12, capacity: 8 },
    taxName: 'IL sales tax',
    taxRate: 10.25,
    products: [
      {
        name: 'Open bowling 1 hour',
        title: 'Open bowling',
        icon: 'bowling',
        duration: 1,
        price: 1200,
        minPlayers: 1,
        maxPlayers: 8,
        isPaused: false,
      },
      {
        name: 'Cosmic bowling',
        title: 'Cosmic bowling (Fri-Sat nights)',
        icon: 'star',
        duration: 2,
        price: 1800,
        minPlayers: 2,
        maxPlayers: 8,
        nonWorkingDays: [0, 1, 2, 3, 4],
        isPaused: false,
      },
    ],
    upsells: [
      { name: 'Shoe rental', description: 'Per pair', price: 500 },
      { name: 'Nachos', description: 'With cheese and jalapeños', price: 1100 },
    ],
  },
];

const MAIL_TEMPLATES = [
  {
    event: 'confirmation' as const,
    subject: 'Your booking at {{ venue.name }} is confirmed',
    text: 'Hi {{ customer.firstName }},\n\nThanks for booking {{ product.name }} on {{ booking.date }} at {{ booking.time }} for {{ booking.playersCount }} players.\nRegistration code: {{ booking.registrationCode }}\n\nPlease sign the waiver before you come: {{ waiverUrl }}\n\nYou have the option to cancel your booking up to 24 hours in advance: {{ manageUrl }}\n\nSee you soon,\n{{ venue.name }}',
  },
  {
    event: 'reminder' as const,
    subject: 'See you tomorrow at {{ venue.name }}',
    text: 'Hi {{ customer.firstName }},\n\nA reminder of your booking tomorrow, {{ booking.date }} at {{ booking.time }}.\nNot everyone has signed the waiver yet? Share this link: {{ waiverUrl }}\n\n{{ venue.name }}, {{ venue.address }}',
  },
  {
    event: 'cancellation' as const,
    subject: 'Your booking at {{ venue.name }} was canceled',
    text: 'Hi {{ customer.firstName }},\n\nYour booking {{ booking.reference }} on {{ booking.date }} was canceled. Any refund is on its way to your card.\n\n{{ venue.name }}',
  },
  {
    event: 'abandoned' as const,
    subject: 'Your lane is still waiting',
    text: 'Hi {{ customer.firstName }},\n\nYou started booking {{ product.name }} but did not finish. Pick up where you left off: {{ manageUrl }}\n\n{{ venue.name }}',
  },
  {
    event: 'custom' as const,
    subject: 'A message from {{ venue.name }}',
    text: 'Hi {{ customer.firstName }},\n\n(Write your message here.)\n\n{{ venue.name }} · {{ venue.phone }}',
  },
];

/** Realistic catalog for a demo venue: lanes, a tax, terms, upsell items, products, promocodes, an affiliate, mail and widget templates. */
export async function seedCatalog(tx: Tx, catalog: VenueCatalog, timeZone: string) {
  const { venueId } = catalog;
  const laneIds = Array.from({ length: catalog.lanes.count }, (_, i) => `${catalog.lanes.prefix} ${i + 1}`);
  await tx.insert(resources).values(laneIds.map((id) => ({ venueId, id, capacity: catalog.lanes.capacity, minCapacity: 1 })));
  const taxId = randomUUID();
  await tx
    .insert(taxes)
    .values({ venueId, id: taxId, name: catalog.taxName, rate: catalog.taxRate, description: 'Applied to every booking' });
  const termsId = randomUUID();
  const disclaimerId = randomUUID();
  await tx.insert(terms).values([
    {
      venueId,
      id: termsId,
      name: 'Booking terms',
      description: 'Shown before payment',
      text: 'Please arrive 15 minutes before your time. Closed-toe shoes are required. Bookings can be canceled up to 24 hours in advance for a full refund.',
    },
    {
      venueId,
      id: disclaimerId,
      name: 'Large group disclaimer',
      description: 'For groups over 12',
      text: 'Groups over 12 share lanes in rotation and need a deposit to hold the booking.',
    },
  ]);
  const upsellIds = catalog.upsells.map(() => randomUUID());
  await tx.insert(upsellItems).values(catalog.upsells.map((u, i) => ({ venueId, id: upsellIds[i], ...u })));
  // The default waiver, active on every product, so the widget asks for signatures from the first start.
  const waiverId = await createDefaultWaiver(tx, venueId);
  const productIds = catalog.products.map(() => randomUUID());
  await tx.insert(products).values(
    catalog.products.map((p, i) => ({
      ...productDefaults,
      ...p,
      venueId,
      id: productIds[i],
      resources: laneIds,
      taxes: [taxId],
      termsId,
      largeGroupDisclaimerId: p.maxPlayers && p.maxPlayers > 12 ? disclaimerId : null,
      upsellItemIds: upsellIds,
      activeWaiverId: waiverId,
      description: `${p.title ?? p.name}. Coaching and safety briefing included.`,
    })),
  );
  await tx.insert(promocodes).values([
    {
      venueId,
      id: randomUUID(),
      code: 'WELCOME10',
      maxUseNumber: 100,
      discount: 10,
      discountType: 'percent',
      taxBehaviour: 'before',
      products: productIds,
    },
    {
      venueId,
      id: randomUUID(),
      code: 'FIVEOFF',
      maxUseNumber: 1,
      discount: 500,
      discountType: 'fixed',
      taxBehaviour: 'after',
      products: [],
    },
  ]);
  await tx.insert(affiliates).values({
    venueId,
    id: randomUUID(),
    name: 'City Events Co.',
    businessName: 'City Events Company LLC',
    discount: 15,
    discountType: 'percent',
    // Earns a tenth of what its bookings pay (decision 031).
    commission: 10,
    commissionType: 'percent',
    products: productIds,
    address: {
      country: 'US',
      state: venueId === 'demo-axe' ? 'NY' : 'IL',
      city: venueId === 'demo-axe' ? 'Brooklyn' : 'Chicago',
      zip: '10001',
      street: '1 Market Street',
    },
  });
  // Mail templates start paused until the mailing work sends them; the demo shows them ready.
  await tx
    .insert(mailingTemplates)
    .values(MAIL_TEMPLATES.map((m) => ({ venueId, id: randomUUID(), ...m, isPaused: m.event === 'custom' })));
  await tx
    .insert(widgetTemplates)
    .values({ ...widgetTemplateDefaults, venueId, id: randomUUID(), name: 'Main booking widget', isDefault: true });
  for (const [i, product] of catalog.products.entries()) {
    await seedCalendar(tx, venueId, timeZone, productIds[i], product.duration ?? 1);
  }
}

/** Demo weeks to populate from today, so a new install answers real availability. */
const DEMO_CALENDAR_WEEKS = 8;

/**
 * A product's weekly plan (slots of its duration, from noon on weekdays and 10:00 at weekends,
 * until 22:00) populated for the next weeks from the venue's today.
 */
async function seedCalendar(tx: Tx, venueId: string, timeZone: string, productId: string, durationHours: number) {
  const templates = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => {
    const opens = weekday === 0 || weekday === 6 ? 10 : 12;
    const starts = [];
    for (let hour = opens; hour + durationHours <= 22; hour += durationHours) starts.push(hour);
    return starts.map((hour) => ({ weekday, from: wallTimeOf(hour * 60), to: wallTimeOf((hour + durationHours) * 60) }));
  });
  const today = venueToday(timeZone);
  const groupId = randomUUID();
  // Parsed like a request body: the slot fields take their defaults (the product's prices, public).
  await putSlotGroup(tx, venueId, productId, groupId, slotGroupBodySchema.parse({ startDate: today, templates }));
  await populateSlotGroup(tx, venueId, timeZone, productId, groupId, { from: today, to: addDays(today, DEMO_CALENDAR_WEEKS * 7 - 1) });
}
