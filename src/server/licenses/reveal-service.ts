// Revealing a license key and the log of who did. The key is decrypted only here, and only after
// the view log row is written in the same transaction: no reveal goes unrecorded.
import { desc, eq } from "drizzle-orm";
import type { LicenseViewLogDto } from "../../domain/schemas/licenses";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { licenseViewLogs, users } from "../db/schema";
import { notFound } from "../http/errors";
import type { SecretBox } from "../lib/secret-box";
import { canSeeLicense } from "./access";
import { findLicense } from "./service";

/** What the server itself knows about a request; nothing here comes from the request body. */
export interface ViewerContext {
  session: ActiveSession;
  ipAddress: string | null;
  userAgent: string | null;
}

type ViewLogRow = typeof licenseViewLogs.$inferSelect;

const toViewLogDto = (row: ViewLogRow, username: string | null): LicenseViewLogDto => ({
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

/** Loads a license the viewer may reveal and records the view; 404 for anything else. */
async function logView(tx: Executor, licenseId: number, viewer: ViewerContext) {
  const license = await findLicense(tx, licenseId);
  if (!(await canSeeLicense(tx, viewer.session, licenseId))) throw notFound("License");
  const [log] = await tx
    .insert(licenseViewLogs)
    .values({
      licenseId,
      userId: viewer.session.user.id,
      ipAddress: viewer.ipAddress,
      userAgent: viewer.userAgent?.slice(0, 512) ?? null,
      // No geolocation: the server does not send viewers' addresses to a lookup service.
      location: null,
      sessionId: viewer.session.id,
    })
    .returning();
  return { license, log: log! };
}

export async function revealLicenseKey(
  db: Db,
  secrets: SecretBox,
  licenseId: number,
  viewer: ViewerContext,
) {
  return db.transaction(async (tx) => {
    const { license } = await logView(tx, licenseId, viewer);
    return { licenseKey: secrets.decrypt(license.licenseKeyCiphertext) };
  });
}

/** The spec's client logs a view itself; this records it as the caller, from the request. */
export async function recordLicenseView(db: Db, licenseId: number, viewer: ViewerContext) {
  const { log } = await db.transaction((tx) => logView(tx, licenseId, viewer));
  return toViewLogDto(log, viewer.session.user.username);
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
  return rows.map((row) => toViewLogDto(row.log, row.username));
}
