// Request and response schemas of the Expense Analysis and expense calendar calls (decision
// 0015-expense-aggregates.md): each answer is computed in SQL and bounded (tables carry at most
// EXPENSE_TABLE_LIMIT rows, the largest first, with the full count beside them).
import { z } from "zod";
import { EVENT_KINDS, EVENT_SOURCES } from "./schedule";

export const DISPLAY_CURRENCIES = ["AUD", "USD"] as const;
export type DisplayCurrencyCode = (typeof DISPLAY_CURRENCIES)[number];

export const EXPENSE_SOURCES = ["licenses", "directories", "gsuite", "hosting"] as const;
export type ExpenseSource = (typeof EXPENSE_SOURCES)[number];
/** Each source as the screens and alerts name it. */
export const EXPENSE_SOURCE_LABELS: Record<ExpenseSource, string> = {
  licenses: "Licenses",
  directories: "Directories",
  gsuite: "G Suite",
  hosting: "Hosting",
};
export const EXPENSE_SOURCE_FILTERS = ["all", ...EXPENSE_SOURCES] as const;
export type ExpenseSourceFilter = (typeof EXPENSE_SOURCE_FILTERS)[number];

/** Most rows a source's table carries; `count` says how many there are in all. */
export const EXPENSE_TABLE_LIMIT = 100;
/** Most events a day's panel or the Next Important Date carries; `count` gives the rest. */
export const DAY_EVENTS_LIMIT = 100;
export const LARGEST_COSTS_LIMIT = 10;

const DATE_MESSAGE = "Must be a date in the form YYYY-MM-DD";
const isoDate = z.iso.date({ error: DATE_MESSAGE });
const currencyQuery = z.enum(DISPLAY_CURRENCIES).default("AUD");

export const expenseSummaryQuerySchema = z.object({
  currency: currencyQuery,
  source: z.enum(EXPENSE_SOURCE_FILTERS).default("all"),
  /** The viewer's calendar date (their time zone); the server's when absent. */
  today: isoDate.optional(),
});
export type ExpenseSummaryQuery = z.output<typeof expenseSummaryQuerySchema>;

const money = z.number();

const licenseRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  amount: money,
  currency: z.string(),
  frequency: z.string(),
  totalSeats: z.number(),
  monthly: money,
  /** The payment annualised (daily ×365 ... annually ×1); null for one-time. */
  yearly: money.nullable(),
  nextPaymentDate: z.string().nullable(),
});

const directoryRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  amount: money,
  currency: z.string(),
  frequencyMonths: z.number(),
  isOneTime: z.boolean(),
  monthly: money,
  yearly: money,
  nextPaymentDate: z.string().nullable(),
});

const gsuiteRowSchema = z.object({
  plan: z.string(),
  users: z.number(),
  pricePerUser: money,
  currency: z.string(),
  billingCycle: z.string(),
  monthly: money,
  yearly: money,
});

const hostingRowSchema = z.object({
  month: z.string(),
  droplets: z.number(),
  amountUsd: money,
  amount: money,
});

const section = <T extends z.ZodType>(row: T) =>
  z.object({ monthly: money, yearly: money, count: z.number(), rows: z.array(row) });

export const expenseSummaryResponseSchema = z.object({
  currency: z.enum(DISPLAY_CURRENCIES),
  source: z.enum(EXPENSE_SOURCE_FILTERS),
  today: z.string(),
  totals: z.object({
    monthly: money,
    yearly: money,
    upcoming30Days: money,
    /** The licenses' monthly total ÷ their seats; null when licenses are filtered out. */
    averageCostPerSeat: money.nullable(),
  }),
  /** Each source's figures and table; null when the filter leaves it out. */
  licenses: section(licenseRowSchema).extend({ totalSeats: z.number() }).nullable(),
  directories: section(directoryRowSchema).nullable(),
  gsuite: section(gsuiteRowSchema).nullable(),
  /** Hosting's month is the latest complete invoice month (null without costs). */
  hosting: section(hostingRowSchema).extend({ month: z.string().nullable() }).nullable(),
  /** Spend per month by source, the last 12 months and the next 12 (24 entries). */
  byMonth: z.array(
    z.object({
      month: z.string(),
      licenses: money,
      directories: money,
      gsuite: money,
      hosting: money,
    }),
  ),
  largest: z.array(z.object({ source: z.enum(EXPENSE_SOURCES), name: z.string(), monthly: money })),
  /**
   * The monthly budgets (issue 34) in the display currency, to set beside byMonth; null when
   * none is set. A budget's own currency is GET /api/budgets'.
   */
  budget: z
    .object({
      total: money.nullable(),
      bySource: z.object({
        licenses: money.nullable(),
        directories: money.nullable(),
        gsuite: money.nullable(),
        hosting: money.nullable(),
      }),
    })
    .nullable(),
});
export type ExpenseSummaryResponse = z.infer<typeof expenseSummaryResponseSchema>;
export type LicenseExpenseRow = z.infer<typeof licenseRowSchema>;
export type DirectoryExpenseRow = z.infer<typeof directoryRowSchema>;
export type GsuiteExpenseRow = z.infer<typeof gsuiteRowSchema>;
export type HostingExpenseRow = z.infer<typeof hostingRowSchema>;

/** One source's table, every row, for GET /api/expenses/export (plus `format`: csv, xlsx, pdf). */
export const expenseExportQuerySchema = z.object({
  currency: currencyQuery,
  source: z.enum(EXPENSE_SOURCES),
  today: isoDate.optional(),
});
export type ExpenseExportQuery = z.output<typeof expenseExportQuerySchema>;

// --- calendar -------------------------------------------------------------------------------

export const calendarMonthQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Must be a month in the form YYYY-MM"),
  currency: currencyQuery,
  today: isoDate.optional(),
});
export type CalendarMonthQuery = z.output<typeof calendarMonthQuerySchema>;

export const calendarDayQuerySchema = z.object({
  date: isoDate,
  currency: currencyQuery,
  today: isoDate.optional(),
});
export type CalendarDayQuery = z.output<typeof calendarDayQuerySchema>;

export const calendarEventSchema = z.object({
  date: z.string(),
  kind: z.enum(EVENT_KINDS),
  source: z.enum(EVENT_SOURCES),
  name: z.string(),
  /** In the display currency; null when the event has no amount (a warranty expiry). */
  amount: money.nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

const dayEventsSchema = z.object({
  date: z.string(),
  /** Every event of the day; `events` holds the first DAY_EVENTS_LIMIT. */
  count: z.number(),
  amount: money,
  events: z.array(calendarEventSchema),
});
export const calendarDayResponseSchema = dayEventsSchema.extend({
  currency: z.enum(DISPLAY_CURRENCIES),
});
export type CalendarDayResponse = z.infer<typeof calendarDayResponseSchema>;

export const calendarMonthResponseSchema = z.object({
  month: z.string(),
  currency: z.enum(DISPLAY_CURRENCIES),
  today: z.string(),
  /** Only the days that have events. */
  days: z.array(
    z.object({
      date: z.string(),
      payments: z.number(),
      expiries: z.number(),
      renewals: z.number(),
      amount: money,
    }),
  ),
  summary: z.object({
    payments: z.number(),
    expiries: z.number(),
    renewals: z.number(),
    /** Sum of the month's event amounts in the display currency. */
    amount: money,
  }),
  /** The first day from today with an event, and its events; null when nothing is ahead. */
  nextImportantDate: dayEventsSchema.nullable(),
});
export type CalendarMonthResponse = z.infer<typeof calendarMonthResponseSchema>;
