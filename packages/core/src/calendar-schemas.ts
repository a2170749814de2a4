import { z } from 'zod';
import { ISO_DATE, MAX_POPULATE_DAYS, WALL_TIME, daysBetween, minutesOf, overlappingTemplates } from './calendar.js';
import { DATE_RANGE_MESSAGE, MONTH_RANGE_MESSAGE, isDateInRange } from './date-range.js';
import { MAX_PLAN_ROWS, MAX_SLOT_MINUTES, MIN_SLOT_MINUTES, openingHoursProblems } from './opening-hours.js';
import { priceGroupSchema } from './products.js';

/**
 * The bodies and answers of the calendar calls: slot groups, slots, populate, the staff
 * calendar and the public availability calls (docs/decisions/014-calendar-and-availability.md).
 */

const realDate = (v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const isoDateSchema = z
  .string()
  .regex(ISO_DATE, 'Dates must be YYYY-MM-DD')
  .refine(realDate, 'Not a real date')
  .refine(isDateInRange, DATE_RANGE_MESSAGE);
export const wallTimeSchema = z.string().regex(WALL_TIME, 'Times must be HH:mm (00:00 to 23:59)');
const cents = (label: string) =>
  z.number(`${label} must be a number`).int(`${label} must be whole cents`).min(0, `${label} cannot be negative`).max(100_000_000);
const breakMinutes = z
  .number('Break time must be a number')
  .int('Break time must be whole minutes')
  .min(0)
  .max(24 * 60);

/** The slot fields a template or a slot may set; null takes the product's. */
const slotFields = {
  breakTime: breakMinutes.nullable(),
  price: cents('Price').nullable(),
  fixedPrice: cents('Fixed price').nullable(),
  groupsBasedPrice: z.array(priceGroupSchema).max(50).nullable(),
  isPrivate: z.boolean(),
  isVisibleOnline: z.boolean(),
};

function toAfterFrom(value: { from: string; to: string }, ctx: z.RefinementCtx, path: PropertyKey[] = ['to']) {
  if (WALL_TIME.test(value.from) && WALL_TIME.test(value.to) && minutesOf(value.to) <= minutesOf(value.from)) {
    ctx.addIssue({ code: 'custom', path, message: 'The end must be after the start' });
  }
}

/** What every slot a weekly plan makes carries, whether written as rows or as opening hours. */
const plannedSlotFields = {
  breakTime: slotFields.breakTime.default(null),
  price: slotFields.price.default(null),
  fixedPrice: slotFields.fixedPrice.default(null),
  groupsBasedPrice: slotFields.groupsBasedPrice.default(null),
  isPrivate: z.boolean().default(false),
  isVisibleOnline: z.boolean().default(true),
};

export const slotTemplateInputSchema = z
  .object({
    id: z.string().min(1).max(60).optional(),
    weekday: z.number().int().min(0, 'Weekday is 0 (Sunday) to 6').max(6, 'Weekday is 0 (Sunday) to 6'),
    from: wallTimeSchema,
    to: wallTimeSchema,
    ...plannedSlotFields,
  })
  .strict()
  .superRefine((v, ctx) => toAfterFrom(v, ctx));

const weekdaySchema = z.number('Weekday must be a number').int().min(0, 'Weekday is 0 (Sunday) to 6').max(6, 'Weekday is 0 (Sunday) to 6');
const planMinutes = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be whole minutes`)
    .min(MIN_SLOT_MINUTES, `${label} must be ${MIN_SLOT_MINUTES} to ${MAX_SLOT_MINUTES} minutes`)
    .max(MAX_SLOT_MINUTES, `${label} must be ${MIN_SLOT_MINUTES} to ${MAX_SLOT_MINUTES} minutes`);

/**
 * A weekly plan as opening hours (decision 034): per weekday closed or open in ranges, a slot
 * length and a step; the server makes the rows from it (templatesOfOpeningHours).
 */
export const openingHoursSchema = z
  .object({
    days: z
      .array(
        z
          .object({
            weekday: weekdaySchema,
            ranges: z.array(z.object({ from: wallTimeSchema, to: wallTimeSchema }).strict()).max(24, 'At most 24 ranges a day'),
          })
          .strict(),
      )
      .max(7, 'At most 7 weekdays'),
    slotMinutes: planMinutes('Slot length'),
    stepMinutes: planMinutes('Step'),
    ...plannedSlotFields,
  })
  .strict()
  .superRefine((v, ctx) => {
    for (const problem of openingHoursProblems(v)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type OpeningHoursInput = z.input<typeof openingHoursSchema>;

/** A plan is sent as its rows (`templates`) or as opening hours that make them, never both. */
export const slotGroupBodySchema = z
  .object({
    startDate: isoDateSchema,
    templates: z.array(slotTemplateInputSchema).max(MAX_PLAN_ROWS).optional(),
    openingHours: openingHoursSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.templates && v.openingHours)
      ctx.addIssue({ code: 'custom', path: ['openingHours'], message: 'Send the plan as templates or as opening hours, not both' });
    if (!v.templates && !v.openingHours)
      ctx.addIssue({ code: 'custom', path: ['templates'], message: 'Send the plan: templates or openingHours' });
    if (!v.templates) return;
    const valid = v.templates.every((t) => WALL_TIME.test(t.from) && WALL_TIME.test(t.to));
    if (!valid) return;
    for (const [, j] of overlappingTemplates(v.templates)) {
      ctx.addIssue({ code: 'custom', path: ['templates', j, 'from'], message: 'Templates of one weekday cannot overlap' });
    }
    const ids = v.templates.map((t) => t.id).filter(Boolean);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['templates'], message: 'Template ids must be unique' });
  });
export type SlotGroupBody = z.infer<typeof slotGroupBodySchema>;
/** A plan as a client sends it (fields with defaults may be left out). */
export type SlotGroupBodyInput = z.input<typeof slotGroupBodySchema>;

/** Groups as answered: a template's may carry no id. */
const groupsAnswer = z.array(z.object({ id: z.string().optional(), from: z.number(), to: z.number(), price: z.number() })).nullable();

export const slotTemplateSchema = z.object({
  id: z.string(),
  weekday: z.number().int(),
  from: z.string(),
  to: z.string(),
  ...slotFields,
  groupsBasedPrice: groupsAnswer,
});

const openingHoursAnswer = z.object({
  days: z.array(z.object({ weekday: z.number().int(), ranges: z.array(z.object({ from: z.string(), to: z.string() })) })),
  slotMinutes: z.number().int(),
  stepMinutes: z.number().int(),
  ...slotFields,
  groupsBasedPrice: groupsAnswer,
});

/**
 * A populate too large for one request, run in the background in small batches (decision 034):
 * its dates, how many days are done of how many, and what it did so far. `doneThrough` is the
 * last date done: a run cut short continues after it.
 */
export const populateRunSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  from: z.string(),
  to: z.string(),
  doneThrough: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  /** How many slots were left alone because a live booking is on them. */
  keptBooked: z.number().int(),
  skipped: z.number().int(),
  /** Why it stopped, when it failed. */
  message: z.string().nullable(),
  /** Whether it populates the group's keep-ahead window (it moves `populatedThrough` as it goes). */
  keepsWindow: z.boolean(),
  startedAt: z.string(),
  updatedAt: z.string(),
});
export type PopulateRun = z.infer<typeof populateRunSchema>;

export const slotGroupSchema = z.object({
  id: z.string(),
  productId: z.string(),
  startDate: z.string(),
  templates: z.array(slotTemplateSchema),
  /** The opening hours the rows were made from; null when the plan was saved as rows. */
  openingHours: openingHoursAnswer.nullable(),
  /** Weeks ahead (1-52) the calendar is kept populated by the daily job; null: populated by hand only. */
  populateWeeksAhead: z.number().int().nullable(),
  /** The last venue date the keep-ahead populate covered. */
  populatedThrough: z.string().nullable(),
  /** The last populate run in the background (a large populate, decision 034), null when none ran. */
  populate: populateRunSchema.nullable(),
});
export type SlotGroup = z.infer<typeof slotGroupSchema>;

/** Keep a group's calendar populated N weeks ahead (null: stop). */
export const keepPopulatedBodySchema = z
  .object({
    weeksAhead: z
      .number('Weeks ahead must be a number')
      .int('Weeks ahead must be a whole number')
      .min(1, 'Weeks ahead must be 1 to 52')
      .max(52, 'Weeks ahead must be 1 to 52')
      .nullable(),
  })
  .strict();

export const populateBodySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .strict()
  .superRefine((v, ctx) => {
    if (!realDate(v.from) || !realDate(v.to) || !ISO_DATE.test(v.from) || !ISO_DATE.test(v.to)) return;
    const days = daysBetween(v.from, v.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
    else if (days + 1 > MAX_POPULATE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Populate at most ${MAX_POPULATE_DAYS} days at once` });
  });

const skippedSchema = z.object({ date: z.string(), from: z.string().optional(), reason: z.string() });
export const populateAnswerSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  /** Slots the plan would move, reprice or remove, left alone because a live booking is on them. */
  keptBooked: z.array(z.object({ id: z.string(), date: z.string(), from: z.string(), to: z.string() })),
  skipped: z.array(skippedSchema),
});
export type PopulateAnswer = z.infer<typeof populateAnswerSchema>;

/** A saved plan, and what populate did when the group keeps its calendar populated (absent otherwise). */
export const slotGroupSavedSchema = slotGroupSchema.extend({ populated: populateAnswerSchema.optional() });
export type SlotGroupSaved = z.infer<typeof slotGroupSavedSchema>;
/** What keep-populated did: `populated` when the window was populated in the request, null when stopped or running in the background (`group.populate`). */
export const keepPopulatedAnswerSchema = z.object({ group: slotGroupSchema, populated: populateAnswerSchema.nullable() });
/** POST populate of a range too large for one request: 202 with the run started in the background. */
export const populateStartedSchema = z.object({ populate: populateRunSchema });
export type KeepPopulatedAnswer = z.infer<typeof keepPopulatedAnswerSchema>;

/** One slot's fields in a request; those left out take the product's (create) or stay (edit). */
const slotRequestShape = {
  date: isoDateSchema,
  from: wallTimeSchema,
  to: wallTimeSchema,
  breakTime: slotFields.breakTime.optional(),
  price: slotFields.price.optional(),
  fixedPrice: slotFields.fixedPrice.optional(),
  groupsBasedPrice: slotFields.groupsBasedPrice.optional(),
  isPrivate: z.boolean().optional(),
  isVisibleOnline: z.boolean().optional(),
};

export const slotCreateSchema = z
  .object(slotRequestShape)
  .strict()
  .superRefine((v, ctx) => toAfterFrom(v, ctx));
export type SlotCreate = z.infer<typeof slotCreateSchema>;

export const slotPatchSchema = z.object(slotRequestShape).partial().strict();
export type SlotPatch = z.infer<typeof slotPatchSchema>;

export const slotSchema = z.object({
  id: z.string(),
  productId: z.string(),
  slotGroupId: z.string().nullable(),
  slotTemplateId: z.string().nullable(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  ...slotFields,
  groupsBasedPrice: groupsAnswer,
});
export type Slot = z.infer<typeof slotSchema>;

const idList = z
  .string()
  .max(4000)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const calendarQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    limit: z.coerce.number().int().min(1).max(5000).default(2000),
    productIds: idList.optional(),
  })
  .superRefine((v, ctx) => {
    if (!ISO_DATE.test(v.from) || !ISO_DATE.test(v.to) || !realDate(v.from) || !realDate(v.to)) return;
    const days = daysBetween(v.from, v.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
    else if (days > 62) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Ask at most 62 days at once' });
  });

export const calendarSlotSchema = z.object({
  id: z.string(),
  productId: z.string(),
  from: z.string(),
  to: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  isPrivate: z.boolean(),
  isVisibleOnline: z.boolean(),
  lanesTotal: z.number().int(),
  lanesTaken: z.number().int(),
  lanesFree: z.number().int(),
  /** Why staff cannot book the slot (the venue is closed that day), null when they can: the booking rule's answer. */
  unavailableReason: z.string().nullable(),
  bookings: z.array(
    z.object({
      id: z.string(),
      // The customer's first and last name, as the lane day view shows it ('' when none was given).
      name: z.string(),
      status: z.string(),
      playersCount: z.number().int(),
      resourceIds: z.array(z.string()),
      /** Who of the group is in: no, partially or fully (the booking's presenceStatus). */
      presenceStatus: z.enum(['no', 'partially', 'fully']),
      /** Waivers signed so far, of playersCount; read with waiverRequired (the product asks for one). */
      numberOfSignedWaivers: z.number().int(),
      waiverRequired: z.boolean(),
    }),
  ),
});
export const calendarAnswerSchema = z.object({
  days: z.array(z.object({ dateIso: z.string(), slots: z.array(calendarSlotSchema) })),
  nonWorkingDays: z.array(z.string()),
});
export type CalendarAnswer = z.infer<typeof calendarAnswerSchema>;

export const nonWorkingDayParams = z.object({ date: isoDateSchema });
export const nonWorkingDayAnswerSchema = z.object({ date: z.string(), isNonWorking: z.boolean() });

const playersCount = z.coerce
  .number('Players count must be a number')
  .int('Players count must be a whole number')
  .min(1, 'Players count must be at least 1')
  .max(500, 'Players count must be at most 500');
const bookingId = z.string().min(1).max(100).optional();

export const publicDatesQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
    .refine(isDateInRange, MONTH_RANGE_MESSAGE),
  playersCount,
  bookingId,
});
export const publicDatesAnswerSchema = z.object({ dates: z.array(z.string()) });

export const publicSlotsQuerySchema = z.object({ date: isoDateSchema, playersCount, bookingId });
export const publicSlotSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  freeLanes: z.number().int(),
  /** The lanes the product is offered on: with freeLanes, how full the slot is (its availability word). */
  lanesTotal: z.number().int(),
  lanesNeeded: z.number().int(),
  price: z.number().int(),
});
export const publicSlotsAnswerSchema = z.object({ slots: z.array(publicSlotSchema) });

export const publicPriceQuerySchema = z.object({
  playersCount,
  slots: idList.pipe(z.array(z.string().min(1).max(100)).min(1, 'Choose at least one slot').max(48)),
  promocode: z.string().trim().min(1).max(100).optional(),
  upsellItems: z
    .string()
    .max(4000)
    .optional()
    .transform((v, ctx) => {
      if (!v) return [];
      const items: { id: string; quantity: number }[] = [];
      for (const part of v.split(',').filter(Boolean)) {
        const [id, qty] = part.split(':');
        const quantity = Number(qty);
        if (!id || !Number.isInteger(quantity) || quantity < 1 || quantity > 1000) {
          ctx.addIssue({ code: 'custom', message: 'Upsell items are id:quantity pairs, quantity at least 1' });
          return z.NEVER;
        }
        items.push({ id, quantity });
      }
      return items;
    }),
  affiliateId: z.string().min(1).max(100).optional(),
});

export const quoteSchema = z.object({
  lines: z.array(
    z.object({
      kind: z.enum(['slot', 'upsell']),
      id: z.string(),
      label: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      amount: z.number().int(),
      discount: z.number().int(),
      tax: z.number().int(),
    }),
  ),
  subtotal: z.number().int(),
  discounts: z.number().int(),
  affiliateDiscount: z.number().int(),
  promocodeDiscount: z.number().int(),
  taxes: z.number().int(),
  upsellTaxes: z.number().int(),
  taxLines: z.array(z.object({ id: z.string(), name: z.string(), rate: z.number(), amount: z.number().int() })),
  total: z.number().int(),
  deposit: z.number().int(),
  dueNow: z.number().int(),
});
export type QuoteAnswer = z.infer<typeof quoteSchema>;
