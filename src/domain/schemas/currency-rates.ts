// Request and response schemas of the currency rates an administrator keeps on the Settings page
// (spec part 1, section 9 gives the defaults; part 2, section 9 adds INR without a rate).
import { z } from "zod";
import { RATE_CURRENCIES } from "../enums";
import { RATE_PAIRS } from "../money/rates";

export const RATE_MESSAGE = "Rate must be a number greater than 0 with at most 6 decimals";
export const RATE_PAIR_MESSAGE = "Rates can only be set for the listed currency pairs";
// numeric(14,6): up to 8 digits before the point.
export const MAX_RATE = 99_999_999;

const currencySchema = z.enum(RATE_CURRENCIES, {
  error: `Currency must be ${RATE_CURRENCIES.join(", ")}`,
});

const hasAtMostSixDecimals = (value: number) => Number(value.toFixed(6)) === value;

const rateSchema = z.preprocess(
  (value) =>
    typeof value === "string" && /^(0|[1-9]\d*)(\.\d{1,6})?$/.test(value.trim())
      ? Number(value)
      : value,
  z
    .number({ error: RATE_MESSAGE })
    .gt(0, RATE_MESSAGE)
    .max(MAX_RATE, RATE_MESSAGE)
    .refine(hasAtMostSixDecimals, RATE_MESSAGE),
);

const knownPair = (from: string, to: string) =>
  RATE_PAIRS.some(([pairFrom, pairTo]) => pairFrom === from && pairTo === to);

export const currencyRateInputSchema = z
  .object({ from: currencySchema, to: currencySchema, rate: rateSchema })
  .refine((pair) => knownPair(pair.from, pair.to), { message: RATE_PAIR_MESSAGE, path: ["to"] });

export const updateCurrencyRatesRequestSchema = z.object({
  rates: z
    .array(currencyRateInputSchema, { error: "rates must be a list" })
    .min(1, "Give at least one rate")
    .max(RATE_PAIRS.length, `Give at most ${RATE_PAIRS.length} rates`)
    .refine(
      (rates) => new Set(rates.map((rate) => `${rate.from}>${rate.to}`)).size === rates.length,
      "Each currency pair may appear only once",
    ),
});
export type UpdateCurrencyRatesRequest = z.output<typeof updateCurrencyRatesRequestSchema>;
export type UpdateCurrencyRatesInput = z.input<typeof updateCurrencyRatesRequestSchema>;

export const currencyRateResponseSchema = z.object({
  from: currencySchema,
  to: currencySchema,
  rate: z.number(),
  /** The rate the app uses for this pair when none has been set. */
  defaultRate: z.number(),
  /** When an administrator last set the rate; null while the default applies. */
  setAt: z.string().nullable(),
  /** Who set it (display name or username); null for the default or a deleted user. */
  setBy: z.string().nullable(),
});
export type CurrencyRateResponse = z.infer<typeof currencyRateResponseSchema>;
export const currencyRateListResponseSchema = z.array(currencyRateResponseSchema);
