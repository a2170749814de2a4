import { z } from './zod.js';
import { cents, recordSchema } from './catalog.js';
import { DATE_RANGE_MESSAGE, isDateInRange } from './date-range.js';

/** Product duration options in hours. */
export const DURATION_OPTIONS = [1, 2, 3, 6, 9, 12] as const;
export const PRICING_TYPES = ['person', 'group-range'] as const;
export const CUSTOM_FIELD_TYPES = ['text', 'phone', 'email', 'date', 'numeric', 'select', 'multiple', 'flag'] as const;
export const CANCELLATION_UNITS = ['hours', 'days'] as const;
export const PRODUCT_ICONS = ['axe', 'bowling', 'archery', 'target', 'trophy', 'party', 'star', 'users'] as const;
export const PRODUCT_DELETE_BLOCKED = "Product with active bookings can't be deleted.";
export const DEFAULT_SELECT_OPTIONS = ['Option 1', 'Option 2'];

const players = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(500, `${label} must be at most 500`);

export const priceGroupSchema = z.object({
  id: z.string().min(1).max(60),
  from: players('Group from'),
  to: players('Group to'),
  price: cents('Group price'),
});
export type PriceGroup = z.infer<typeof priceGroupSchema>;

export const customFieldSchema = z.object({
  type: z.enum(CUSTOM_FIELD_TYPES, { message: `Field type must be one of ${CUSTOM_FIELD_TYPES.join(', ')}` }),
  label: z.string().trim().min(1, 'Field label is required').max(120, 'Field label must be at most 120 characters'),
  hint: z.string().trim().max(300),
  isRequired: z.boolean(),
  sortWeight: z.number().int(),
  options: z.array(z.string().trim().min(1, 'Options cannot be empty').max(120)).max(50),
});
export type CustomField = z.infer<typeof customFieldSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a real date')
  .refine(isDateInRange, DATE_RANGE_MESSAGE);
const optionalId = z.string().min(1).max(100).nullable();
const idList = (label: string) => z.array(z.string().min(1).max(100), `${label} must be a list of ids`).max(200);

const productRecordSchema = recordSchema(
  {
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
    title: z.string().trim().max(160, 'Title must be at most 160 characters'),
    description: z.string().trim().max(5000, 'Description must be at most 5000 characters'),
    icon: z.enum(['', ...PRODUCT_ICONS], { message: `Icon must be empty or one of ${PRODUCT_ICONS.join(', ')}` }),
    image: z.union([
      z.literal(''),
      z
        .string()
        .max(500)
        .regex(/^(\/uploads\/|https?:\/\/)/, 'Image must be an uploaded image or an http(s) URL'),
    ]),
    duration: z.union(
      DURATION_OPTIONS.map((d) => z.literal(d)),
      { message: `Duration must be one of ${DURATION_OPTIONS.join(', ')} hours` },
    ),
    breakTime: z
      .number('Break time must be a number')
      .int('Break time must be whole minutes')
      .min(0, 'Break time cannot be negative')
      .max(240, 'Break time must be at most 240 minutes'),
    cutoffTime: z
      .number('Cutoff time must be a number')
      .int('Cutoff time must be whole hours')
      .min(0, 'Cutoff time cannot be negative')
      .max(720, 'Cutoff time must be at most 720 hours'),
    price: cents('Price'),
    deposit: cents('Deposit'),
    isDeposit: z.boolean(),
    fixedPrice: cents('Fixed price'),
    minPlayers: players('Min players'),
    maxPlayers: players('Max players'),
    typeOfPricing: z.enum(PRICING_TYPES, { message: 'Pricing type must be person or group-range' }),
    groups: z.array(priceGroupSchema).max(50, 'At most 50 price groups'),
    resources: idList('Lanes'),
    taxes: idList('Taxes'),
    nonWorkingDays: z.array(z.number().int().min(0, 'Days are 0 (Sunday) to 6').max(6, 'Days are 0 (Sunday) to 6')).max(7),
    holidays: z.array(isoDate).max(366, 'At most 366 holidays'),
    isPaused: z.boolean(),
    customFields: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, 'Field keys may use letters, digits, - and _'), customFieldSchema),
    termsId: optionalId,
    largeGroupDisclaimerId: optionalId,
    upsellItemIds: idList('Upsell items'),
    cancellationPeriodAmount: z
      .number('Cancellation period must be a number')
      .int('Cancellation period must be a whole number')
      .min(0, 'Cancellation period cannot be negative')
      .max(1000),
    cancellationPeriodUnit: z.enum(CANCELLATION_UNITS, { message: 'Cancellation period unit must be hours or days' }),
    widgetNote: z.string().trim().max(1000, 'Widget note must be at most 1000 characters'),
    activeWaiverId: optionalId,
  },
  (p, ctx) => {
    if (p.minPlayers > p.maxPlayers)
      ctx.addIssue({ code: 'custom', message: 'Min players cannot be above max players', path: ['minPlayers'] });
    if (p.isDeposit && p.deposit <= 0)
      ctx.addIssue({ code: 'custom', message: 'Set a deposit amount, or turn the deposit off', path: ['deposit'] });
    if (new Set(p.nonWorkingDays).size !== p.nonWorkingDays.length)
      ctx.addIssue({ code: 'custom', message: 'Non-working days repeat', path: ['nonWorkingDays'] });
    if (new Set(p.holidays).size !== p.holidays.length) ctx.addIssue({ code: 'custom', message: 'Holidays repeat', path: ['holidays'] });
    if (p.typeOfPricing === 'group-range') {
      if (p.groups.length === 0)
        ctx.addIssue({ code: 'custom', message: 'Group-range pricing needs at least one group', path: ['groups'] });
      const sorted = [...p.groups].sort((a, b) => a.from - b.from);
      sorted.forEach((group, i) => {
        const index = p.groups.indexOf(group);
        if (group.from > group.to)
          ctx.addIssue({ code: 'custom', message: 'A group cannot start above its end', path: ['groups', index, 'from'] });
        if (i > 0 && group.from <= sorted[i - 1].to)
          ctx.addIssue({
            code: 'custom',
            message: `Group ${group.from}-${group.to} overlaps group ${sorted[i - 1].from}-${sorted[i - 1].to}`,
            path: ['groups', index, 'from'],
          });
        if (group.from < p.minPlayers || group.to > p.maxPlayers) {
          ctx.addIssue({
            code: 'custom',
            message: `Groups must stay within ${p.minPlayers}-${p.maxPlayers} players`,
            path: ['groups', index, 'to'],
          });
        }
      });
    }
    for (const [key, field] of Object.entries(p.customFields)) {
      const needsOptions = field.type === 'select' || field.type === 'multiple';
      if (needsOptions && field.options.length === 0)
        ctx.addIssue({ code: 'custom', message: 'Select and multiple fields need options', path: ['customFields', key, 'options'] });
    }
  },
);
/**
 * The record also says isDeleted (the spec's field): always false, since a deleted product is
 * gone for every call (decision 006); it is the collection's soft-delete column.
 */
export const productSchema = { ...productRecordSchema, record: productRecordSchema.record.extend({ isDeleted: z.boolean() }) };
export type ProductInput = z.infer<typeof productSchema.fields>;
export type Product = z.infer<typeof productSchema.record>;

/** What a new product starts with; note it starts paused. */
export const productDefaults: Omit<ProductInput, 'name'> = {
  title: '',
  description: '',
  icon: '',
  image: '',
  duration: 1,
  breakTime: 0,
  cutoffTime: 0,
  price: 0,
  deposit: 0,
  isDeposit: false,
  fixedPrice: 0,
  minPlayers: 1,
  maxPlayers: 6,
  typeOfPricing: 'person',
  groups: [],
  resources: [],
  taxes: [],
  nonWorkingDays: [],
  holidays: [],
  isPaused: true,
  customFields: {},
  termsId: null,
  largeGroupDisclaimerId: null,
  upsellItemIds: [],
  cancellationPeriodAmount: 24,
  cancellationPeriodUnit: 'hours',
  widgetNote: '',
  activeWaiverId: null,
};
