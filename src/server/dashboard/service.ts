// The dashboard summary: one section per area, each a few LIMITed or grouped queries, run side by
// side. An area joins the dashboard by adding its section here (and its field to the schema).
import type { IsoDate } from "../../domain/dates";
import type { DashboardSummaryResponse } from "../../domain/schemas/dashboard";
import { HELD_OFFBOARDINGS_LIMIT } from "../../domain/schemas/scim";
import type { ActiveSession } from "../auth/sessions";
import type { Db } from "../db/client";
import { listHeldOffboardings } from "../scim/held-service";
import { officeAccountsSummary } from "./accounts-summary";
import { hardwareSummary } from "./hardware-summary";
import { licenseSummary } from "./license-summary";
import { unusedSeatsSummary } from "./unused-summary";
import { userSummary } from "./user-summary";

export async function dashboardSummary(
  db: Db,
  session: ActiveSession,
  today: IsoDate,
  unusedAfterDays: number,
): Promise<DashboardSummaryResponse> {
  const [licenses, hardware, officeAccounts, users, heldOffboardings, unusedSeats] =
    await Promise.all([
      licenseSummary(db, session, today),
      hardwareSummary(db, session),
      officeAccountsSummary(db, session),
      userSummary(db, session),
      session.user.role === "admin" ? listHeldOffboardings(db, HELD_OFFBOARDINGS_LIMIT) : null,
      unusedSeatsSummary(db, session, unusedAfterDays),
    ]);
  return { licenses, hardware, officeAccounts, users, heldOffboardings, unusedSeats };
}
