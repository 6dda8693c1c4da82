import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database } from "./client";
import { type Lease, leaseHeld, releaseLease, runUnderLease, takeLease } from "./lease";

const T0 = new Date("2026-03-01T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let database: Database;
let other: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  // A second handle on the same database plays a second instance (it shares no holds in memory).
  other = { ...database, db: Object.create(database.db) };
});
afterAll(() => database?.close());

let leases = 0;
/** A fresh lease per test, held 45 s. */
const aLease = (): Lease => ({ name: `test-${++leases}`, holdMs: 45_000 });

describe("the single-run lease", () => {
  it("is taken by one holder at a time, renewed by its holder, and free once released", async () => {
    const lease = aLease();
    expect(await takeLease(database.db, lease, "a", at(0))).toBe(true);
    expect(await takeLease(other.db, lease, "b", at(1))).toBe(false);
    expect(await takeLease(database.db, lease, "b", at(1))).toBe(false);
    expect(await leaseHeld(other.db, lease, at(1))).toBe(true);
    // Renewing moves the end of the hold: b still waits 45 s after the renewal.
    expect(await takeLease(database.db, lease, "a", at(30))).toBe(true);
    expect(await takeLease(other.db, lease, "b", at(60))).toBe(false);
    await releaseLease(database.db, lease, "a");
    expect(await leaseHeld(other.db, lease, at(61))).toBe(false);
    expect(await takeLease(other.db, lease, "b", at(61))).toBe(true);
  });

  it("is taken over once a holder that stopped renewing has run out, on any instance", async () => {
    const lease = aLease();
    expect(await takeLease(database.db, lease, "dead", at(0))).toBe(true);
    expect(await takeLease(other.db, lease, "b", at(44))).toBe(false);
    expect(await leaseHeld(other.db, lease, at(46))).toBe(false);
    expect(await takeLease(other.db, lease, "b", at(46))).toBe(true);
    // The dead holder can neither renew nor release what it lost.
    expect(await takeLease(database.db, lease, "dead", at(47))).toBe(false);
    await releaseLease(database.db, lease, "dead");
    expect(await leaseHeld(other.db, lease, at(47))).toBe(true);
    expect(await takeLease(database.db, lease, "c", at(47))).toBe(false);
  });

  it("runs work under it once at a time and releases it afterwards, even on failure", async () => {
    const lease = aLease();
    const clock = () => at(0);
    const inner = await runUnderLease(
      database.db,
      lease,
      async (renew) => {
        expect(await renew()).toBe(true);
        return runUnderLease(other.db, lease, async () => "twice", clock);
      },
      clock,
    );
    expect(inner).toBeNull();
    await expect(
      runUnderLease(database.db, lease, async () => Promise.reject(new Error("boom")), clock),
    ).rejects.toThrow("boom");
    expect(await runUnderLease(other.db, lease, async () => "next", clock)).toBe("next");
  });

  it("keeps leases of different names apart", async () => {
    const [first, second] = [aLease(), aLease()];
    expect(await takeLease(database.db, first, "a", at(0))).toBe(true);
    expect(await takeLease(database.db, second, "b", at(0))).toBe(true);
  });
});
