// The private calendar feed (issue 16, decision 0025): the signed-in person's own feed address.
import { z } from "zod";

/** The feed reaches 30 days back (what was just missed) and a year ahead. */
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 365;

export const calendarFeedStatusResponseSchema = z.object({
  /** A feed exists; its address was shown once, when it was made. */
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatusResponse = z.infer<typeof calendarFeedStatusResponseSchema>;

export const calendarFeedCreatedResponseSchema = z.object({ url: z.string() });
export type CalendarFeedCreatedResponse = z.infer<typeof calendarFeedCreatedResponseSchema>;

/** `<token>.ics`: calendar clients like a file name. Not a token at all: 400, as any bad id. */
export const calendarFeedFileParamsSchema = z
  .object({
    file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, "Not a calendar feed address"),
  })
  .strict();
