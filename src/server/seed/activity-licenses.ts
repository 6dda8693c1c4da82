// Demo activity of the licenses area: two licenses bought lately and their seats, edits, every
// renewal and every logged key view (each a reveal, from where the view log says).
import { asc, eq } from "drizzle-orm";
import { SECRET_PLACEHOLDER } from "../../domain/activity";
import { licenseAssignments, licenses, licenseViewLogs, renewals } from "../db/schema";
import { licenseChanges } from "../licenses/license-activity";
import { actorOf, type DemoRecord, record, usernameOf } from "./activity-actors";
import { ago, indexBy, type SeedContext } from "./context";

export async function licenseRecords(context: SeedContext): Promise<DemoRecord[]> {
  const { tx } = context;
  const rows = await tx.select().from(licenses).orderBy(asc(licenses.id));
  const license = indexBy(rows, (row) => row.name, "license");
  const byId = indexBy(rows, (row) => row.id, "license");
  const out: DemoRecord[] = [];

  // Two licenses bought in the last weeks: created, then their seats handed out.
  for (const [name, by] of [
    ["LambdaTest Live", "priya"],
    ["Grammarly Business", "admin"],
  ] as const) {
    const row = license(name);
    out.push(
      record(context, by, row.createdAt, {
        action: "create",
        area: "licenses",
        itemId: row.id,
        itemLabel: row.name,
        changes: licenseChanges(null, row),
      }),
    );
    const seats = await tx
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.licenseId, row.id))
      .orderBy(asc(licenseAssignments.id));
    for (const seat of seats) {
      const detail = {
        assignmentId: seat.id,
        userId: seat.userId,
        assignedTo: seat.assignedTo,
        isActive: true,
      };
      // The seed day's date at noon UTC: the seat's own date, an hour after the license.
      const handedOut = new Date(`${seat.assignedDate}T12:00:00.000Z`);
      const at =
        handedOut < row.createdAt ? new Date(row.createdAt.getTime() + 3_600_000) : handedOut;
      out.push(
        record(context, by, at, {
          action: "assign",
          area: "licenses",
          itemId: row.id,
          itemLabel: row.name,
          detail,
        }),
      );
      if (!seat.isActive && seat.deactivatedAt) {
        out.push(
          record(context, by, seat.deactivatedAt, {
            action: "unassign",
            area: "licenses",
            itemId: row.id,
            itemLabel: row.name,
            detail: { ...detail, isActive: false },
          }),
        );
      }
    }
  }

  // The edits that set every older license's last-updated date (ten days ago, licenses.ts).
  const screamingFrog = license("Screaming Frog SEO Spider");
  out.push(
    record(context, "admin", ago(context, 10, 2), {
      action: "update",
      area: "licenses",
      itemId: screamingFrog.id,
      itemLabel: screamingFrog.name,
      changes: { notes: { before: null, after: screamingFrog.notes } },
    }),
  );
  const semrush = license("Semrush Guru");
  out.push(
    record(context, "priya", ago(context, 10, 5), {
      action: "update",
      area: "licenses",
      itemId: semrush.id,
      itemLabel: semrush.name,
      changes: {
        totalSeats: { before: semrush.totalSeats - 1, after: semrush.totalSeats },
        // The price is per seat: one seat fewer cost a third less.
        paymentAmount: {
          before:
            Math.round(
              (semrush.paymentAmount! * (semrush.totalSeats - 1) * 100) / semrush.totalSeats,
            ) / 100,
          after: semrush.paymentAmount,
        },
      },
    }),
  );

  // Every renewal in the licenses' Renewals tabs, on its day (some a year back).
  const renewed = await tx.select().from(renewals).orderBy(asc(renewals.id));
  for (const renewal of renewed) {
    const row = byId(renewal.licenseId);
    out.push({
      at: renewal.renewedAt,
      actor: actorOf(context, usernameOf(context, renewal.renewedByUserId)),
      entry: {
        action: "renew",
        area: "licenses",
        itemId: row.id,
        itemLabel: row.name,
        changes: {
          expiryDate: { before: renewal.previousExpiryDate, after: renewal.newExpiryDate },
          ...(renewal.newLicenseKeyCiphertext
            ? { licenseKey: { before: SECRET_PLACEHOLDER, after: SECRET_PLACEHOLDER } }
            : {}),
        },
        detail: { renewalId: renewal.id, renewalAmount: renewal.renewalAmount },
      },
    });
  }

  // Every logged key view is a reveal, from the address and browser the view log kept.
  const views = await tx.select().from(licenseViewLogs).orderBy(asc(licenseViewLogs.id));
  for (const view of views) {
    const row = byId(view.licenseId);
    out.push({
      at: view.viewedAt,
      actor: {
        userId: view.userId,
        ipAddress: view.ipAddress,
        userAgent: view.userAgent,
        via: "session",
      },
      entry: {
        action: "reveal",
        area: "licenses",
        itemId: row.id,
        itemLabel: row.name,
        detail: { field: "licenseKey" },
      },
    });
  }
  return out;
}
