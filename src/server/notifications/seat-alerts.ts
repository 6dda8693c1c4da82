// Low-seat alerts (issue 34 item 3): the triggers of migration 0055 count each time a license's
// available seats fall to its threshold or below (licenses.low_seat_crossings); this turns the
// crossings not alerted yet into one alert each, to the channels that chose seat_threshold and by
// mail to the administrators, and marks them alerted. The crossing's number is the alert's key, so
// a crossing alerts once whoever writes it, and seats that rise above the threshold and fall again
// make a new crossing and a new alert.
//
// Called in the transaction of a change that can take seats (an assignment, a license's seats or
// threshold edited), so the alert commits with it; and by the delivery check for every other path
// (imports, offboarding, SCIM, a sync), which the triggers count all the same.
import { and, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../db/client";
import { licenseAssignments, licenses } from "../db/schema";
import { queueAdminAlertMail } from "../mail/admin-alert-mail";
import type { AssignmentMail } from "../mail/assignment-mail";
import { emitNotification } from "./emit";

const unalerted = sql`${licenses.lowSeatCrossings} > ${licenses.lowSeatAlerted}`;

/** Alerts the given licenses' (or every license's) crossings not alerted yet; how many alerted. */
export async function alertLowSeats(
  tx: Executor,
  mail: AssignmentMail,
  options: { licenseIds?: number[]; now?: Date } = {},
): Promise<number> {
  const { licenseIds } = options;
  if (licenseIds?.length === 0) return 0;
  const now = options.now ?? new Date();
  const crossed = await tx
    .select({
      id: licenses.id,
      name: licenses.name,
      totalSeats: licenses.totalSeats,
      threshold: licenses.lowSeatThreshold,
      low: licenses.lowSeats,
      crossings: licenses.lowSeatCrossings,
      // Spelled out: inside a select list the column would be written unqualified (and mean a.id).
      used: sql<number>`(select count(*)::integer from ${licenseAssignments} a
        where a.license_id = "licenses"."id" and a.is_active)`,
    })
    .from(licenses)
    .where(and(unalerted, licenseIds ? inArray(licenses.id, licenseIds) : undefined))
    .orderBy(licenses.id)
    .for("update");
  if (crossed.length === 0) return 0;
  let alerted = 0;
  for (const license of crossed) {
    // Seats that rose back above the threshold before anyone looked: nothing to alert now.
    if (!license.low || license.threshold === null) continue;
    const left = Math.max(0, license.totalSeats - license.used);
    const key = `seat_threshold:license:${license.id}:crossing:${license.crossings}`;
    const title = `Seats running low: ${license.name}`;
    const text = `${left} of ${license.totalSeats} seat${license.totalSeats === 1 ? "" : "s"} available (alert at ${license.threshold} or fewer).`;
    const path = `/licenses?search=${encodeURIComponent(license.name)}`;
    await emitNotification(tx, {
      type: "seat_threshold",
      key,
      title,
      text,
      item: { area: "licenses", id: license.id, label: license.name },
      link: path,
      payload: { seatsLeft: left, totalSeats: license.totalSeats, threshold: license.threshold },
    });
    await queueAdminAlertMail(tx, mail, { key, title, text, path }, now);
    alerted += 1;
  }
  await tx
    .update(licenses)
    .set({ lowSeatAlerted: sql`${licenses.lowSeatCrossings}` })
    .where(
      inArray(
        licenses.id,
        crossed.map((license) => license.id),
      ),
    );
  return alerted;
}

/** The delivery check's sweep: one index read when nothing is waiting (the usual case). */
export async function sweepLowSeatAlerts(db: Db, mail: AssignmentMail): Promise<number> {
  const [waiting] = await db.select({ id: licenses.id }).from(licenses).where(unalerted).limit(1);
  if (!waiting) return 0;
  return db.transaction((tx) => alertLowSeats(tx, mail));
}
