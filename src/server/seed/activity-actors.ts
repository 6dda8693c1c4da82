// The demo activity log's people (activity.ts): where each works from, how a record names them.
import type { ActivityActor, ActivityEntry } from "../activity/record";
import type { SeedContext } from "./context";
import { BROWSERS } from "./licenses";
import { DEMO_PEOPLE } from "./people";

/** One record to write: who did it, from where, and when. */
export interface DemoRecord {
  at: Date;
  actor: ActivityActor;
  entry: ActivityEntry;
}

/** Where each person usually works from: the office network or home. */
const DESKS: Record<string, { ip: string; browser: keyof typeof BROWSERS }> = {
  admin: { ip: "10.20.0.10", browser: "firefox" },
  priya: { ip: "10.20.0.11", browser: "chrome" },
  jane: { ip: "10.20.0.42", browser: "safari" },
  marcus: { ip: "10.20.0.57", browser: "chrome" },
  ava: { ip: "203.0.113.24", browser: "edge" },
  emma: { ip: "10.20.1.15", browser: "safari" },
  daniel: { ip: "10.20.0.44", browser: "chrome" },
  grace: { ip: "10.20.0.63", browser: "edge" },
  ethan: { ip: "203.0.113.77", browser: "chrome" },
};
const DEFAULT_DESK = { ip: "10.20.0.99", browser: "chrome" } as const;

/** An address nobody in the company uses: the failed sign-in of a stranger. */
export const STRANGER: ActivityActor = {
  userId: null,
  ipAddress: "198.51.100.23",
  userAgent: "python-requests/2.31.0",
  via: "session",
};

/** The demo person's actor, from their usual desk (or an address given for a logged reveal). */
export function actorOf(
  context: SeedContext,
  username: string,
  from?: { ipAddress: string | null; userAgent: string | null },
): ActivityActor {
  const desk = DESKS[username] ?? DEFAULT_DESK;
  return {
    userId: context.person(username).id,
    ipAddress: from ? from.ipAddress : desk.ip,
    userAgent: from ? from.userAgent : BROWSERS[desk.browser],
    via: "session",
  };
}

/** The demo username of a seeded person's id (the other seeds store ids). */
export function usernameOf(context: SeedContext, userId: number | null): string {
  const person = DEMO_PEOPLE.find((row) => context.person(row.username).id === userId);
  if (!person) throw new Error(`Demo seed: no person with id ${userId}`);
  return person.username;
}

/** A record by a demo person from their usual desk. */
export const record = (
  context: SeedContext,
  username: string,
  at: Date,
  entry: ActivityEntry,
): DemoRecord => ({ at, actor: actorOf(context, username), entry });
