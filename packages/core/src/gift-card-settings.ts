import { z } from './zod.js';

/**
 * A venue's gift card settings (issue 37, decision 045): on its row, answered with the venue and
 * changed with PATCH /api/private/venues/current { giftCards }. A file of its own, importing only
 * zod, so the venue's schemas can name it.
 */

const MAX_CENTS = 100_000_000;

/** An amount of a card: whole cents, above zero. */
export const cardAmount = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be in whole cents`)
    .min(1, `${label} must be above zero`)
    .max(MAX_CENTS, `${label} is too large`);

const imageRef = z.union([
  z.literal(''),
  z
    .string()
    .max(500)
    .regex(/^(\/uploads\/|https?:\/\/)/, 'Image must be an uploaded image or an http(s) URL'),
]);

export const giftCardSettingsFields = z
  .object({
    /** The widget sells cards online (the desk sells them whatever this says; cards sold are spent either way). */
    isEnabled: z.boolean('isEnabled must be true or false'),
    /** The amounts offered as buttons, cents. */
    presetAmounts: z
      .array(cardAmount('A preset amount'), 'Preset amounts must be a list of amounts')
      .max(8, 'At most 8 preset amounts')
      .refine((list) => new Set(list).size === list.length, 'Preset amounts must be different'),
    /** The smallest and largest amount a buyer may type, cents; a preset amount is always allowed. */
    customAmountMin: cardAmount('The custom amount minimum'),
    customAmountMax: cardAmount('The custom amount maximum'),
    /** The card's picture: an upload (/uploads/...) or an http(s) URL; '' for none. */
    image: imageRef,
    /** Months a card is valid from its sale; null: cards never expire. */
    expiryMonths: z
      .number('Expiry must be a number of months, or null for never')
      .int('Expiry must be whole months')
      .min(1, 'Expiry must be 1 to 600 months, or null for never')
      .max(600, 'Expiry must be 1 to 600 months, or null for never')
      .nullable(),
  })
  .strict();

/** The rule across fields: the custom range is a range. */
const settingsRule = (settings: { customAmountMin: number; customAmountMax: number }, ctx: z.RefinementCtx) => {
  if (settings.customAmountMin > settings.customAmountMax)
    ctx.addIssue({ code: 'custom', path: ['customAmountMax'], message: 'The custom amount maximum must be at least the minimum' });
};
export const giftCardSettingsSchema = giftCardSettingsFields.superRefine(settingsRule);
export type GiftCardSettings = z.infer<typeof giftCardSettingsFields>;
/** PATCH's `giftCards`: any of the fields; the server merges them into the saved settings and checks the result. */
export const giftCardSettingsPatchSchema = giftCardSettingsFields.partial().strict();
export type GiftCardSettingsPatch = z.infer<typeof giftCardSettingsPatchSchema>;

/** A venue's settings before it changes them: not sold online, three presets, $10 to $500, five years. */
export const GIFT_CARD_SETTINGS_DEFAULTS: GiftCardSettings = {
  isEnabled: false,
  presetAmounts: [2500, 5000, 10000],
  customAmountMin: 1000,
  customAmountMax: 50000,
  image: '',
  expiryMonths: 60,
};

/** Whether the settings allow a card of this amount: one of the presets, or within the custom range. */
export const isGiftCardAmountAllowed = (settings: GiftCardSettings, amount: number) =>
  Number.isInteger(amount) &&
  (settings.presetAmounts.includes(amount) || (amount >= settings.customAmountMin && amount <= settings.customAmountMax));

/** What the widget shows of the venue's gift cards (its configuration's `giftCards`). */
export const widgetGiftCardsSchema = z.object({
  /** Sold online now: the setting is on, the venue is live and takes card payments. */
  isOnSale: z.boolean(),
  presetAmounts: z.array(z.number().int()),
  customAmountMin: z.number().int(),
  customAmountMax: z.number().int(),
  image: z.string().nullable(),
  expiryMonths: z.number().int().nullable(),
});
export type WidgetGiftCards = z.infer<typeof widgetGiftCardsSchema>;
