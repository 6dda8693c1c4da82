// Revealing a license key and the log of who did, through the secrets helper: the key is opened
// only after its license_view_logs row is written, in the same transaction (lib/secrets/reveal.ts).
import { desc, eq } from "drizzle-orm";
import type { LicenseViewLogResponse } from "../../domain/schemas/licenses";
import { actorOfViewer, recordActivity } from "../activity/record";
import type { Viewer } from "../auth/viewer";
import type { Db, Executor } from "../db/client";
import { licenseViewLogs, users } from "../db/schema";
import { notFound } from "../http/errors";
import { MAX_LOGGED_USER_AGENT, revealSecret, type Secrets } from "../lib/secrets";
import { canSeeLicense } from "./access";
import { findLicense } from "./service";

type ViewLogRow = typeof licenseViewLogs.$inferSelect;

const toViewLogResponse = (row: ViewLogRow, username: string | null): LicenseViewLogResponse => ({
  id: row.id,
  licenseId: row.licenseId,
  userId: row.userId,
  username,
  viewedAt: row.viewedAt.toISOString(),
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  location: row.location,
  sessionId: row.sessionId,
});

/** A license the viewer may reveal; 404 both when it does not exist and when they may not. */
async function findRevealable(tx: Executor, licenseId: number, viewer: Viewer) {
  const license = await findLicense(tx, licenseId);
  if (!(await canSeeLicense(tx, viewer.session, licenseId))) throw notFound("License");
  return license;
}

async function recordView(tx: Executor, licenseId: number, viewer: Viewer) {
  const [log] = await tx
    .insert(licenseViewLogs)
    .values({
      licenseId,
      userId: viewer.session.user.id,
      ipAddress: viewer.ipAddress,
      userAgent: viewer.userAgent?.slice(0, MAX_LOGGED_USER_AGENT) ?? null,
      // No geolocation: the server does not send viewers' addresses to a lookup service.
      location: null,
      sessionId: viewer.session.id,
    })
    .returning();
  return log!;
}

export async function revealLicenseKey(
  db: Db,
  secrets: Secrets,
  licenseId: number,
  viewer: Viewer,
) {
  let name = "";
  const licenseKey = await revealSecret(db, secrets, {
    find: async (tx) => {
      const license = await findRevealable(tx, licenseId, viewer);
      name = license.name;
      return license.licenseKeyCiphertext;
    },
    record: async (tx) => {
      await recordView(tx, licenseId, viewer);
      await recordActivity(tx, actorOfViewer(viewer), {
        action: "reveal",
        area: "licenses",
        itemId: licenseId,
        itemLabel: name,
        detail: { field: "licenseKey" },
      });
    },
  });
  return { licenseKey };
}

/** The spec's client logs a view itself; this records it as the caller, from the request. */
export async function recordLicenseView(db: Db, licenseId: number, viewer: Viewer) {
  const log = await db.transaction(async (tx) => {
    await findRevealable(tx, licenseId, viewer);
    return recordView(tx, licenseId, viewer);
  });
  return toViewLogResponse(log, viewer.session.user.username);
}

/** A license's view log, newest first, with each viewer's username. */
export async function listViewLogs(db: Db, licenseId: number) {
  await findLicense(db, licenseId);
  const rows = await db
    .select({ log: licenseViewLogs, username: users.username })
    .from(licenseViewLogs)
    .leftJoin(users, eq(users.id, licenseViewLogs.userId))
    .where(eq(licenseViewLogs.licenseId, licenseId))
    .orderBy(desc(licenseViewLogs.viewedAt), desc(licenseViewLogs.id));
  return rows.map((row) => toViewLogResponse(row.log, row.username));
}
