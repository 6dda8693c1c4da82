// What every part of the demo seed receives: the transaction, the secret box, the people inserted
// first (looked up by username) and date helpers relative to the day the seed runs, so the demo
// always shows expired, expiring and active items whenever the app is first started.
import { addDays, addMonths, type IsoDate, todayIso } from "../../domain/dates";
import type { Tx } from "../db/client";
import type { Secrets } from "../lib/secrets";

export interface SeedPerson {
  id: number;
  username: string;
  fullName: string;
}

export interface SeedContext {
  tx: Tx;
  secrets: Secrets;
  today: IsoDate;
  now: Date;
  /** A demo person by username; throws on a typo so a wrong name cannot silently seed nothing. */
  person(username: string): SeedPerson;
}

export function createSeedContext(
  tx: Tx,
  secrets: Secrets,
  people: SeedPerson[],
  now = new Date(),
): SeedContext {
  const person = indexBy(people, (row) => row.username, "person");
  return {
    tx,
    secrets,
    today: todayIso(undefined, now),
    now,
    person,
  };
}

/** The calendar date `days` from the seed day (negative for the past). */
export const day = (context: SeedContext, days: number): IsoDate => addDays(context.today, days);

/** The calendar date `months` from the seed day. */
export const month = (context: SeedContext, months: number): IsoDate =>
  addMonths(context.today, months);

/** An instant `days` (and optionally `hours`) before now. */
export const ago = (context: SeedContext, days: number, hours = 0): Date =>
  new Date(context.now.getTime() - (days * 24 + hours) * 3_600_000);

/** A lookup over inserted rows that throws on a missing key, so a typo in the data fails loudly. */
export function indexBy<T, K>(rows: T[], key: (row: T) => K, what: string): (value: K) => T {
  const map = new Map(rows.map((row) => [key(row), row]));
  return (value) => {
    const row = map.get(value);
    if (row === undefined) throw new Error(`Demo seed: no ${what} '${String(value)}'`);
    return row;
  };
}
