// The Settings page's Data Export: every list, whole and unfiltered, in the lists' default order.
// Built from the same table descriptions as the lists' own exports.
import { accountListQuerySchema } from "../../../domain/schemas/accounts";
import { directoryListQuerySchema } from "../../../domain/schemas/directories";
import { gsuiteAccountListQuerySchema } from "../../../domain/schemas/gsuite";
import {
  hardwareListQuerySchema,
  hardwareRequestListQuerySchema,
} from "../../../domain/schemas/hardware";
import { licenseListQuerySchema } from "../../../domain/schemas/licenses";
import { trustReviewListQuerySchema } from "../../../domain/schemas/trust-reviews";
import { userListQuerySchema } from "../../../domain/schemas/users";
import type { ActiveSession } from "../../auth/sessions";
import type { Db } from "../../db/client";
import type { Secrets } from "../../lib/secrets";
import type { ExportTable } from "../table";
import { assignmentTable } from "./assignments";
import { directoryTable } from "./directories";
import { gsuiteAccountTable } from "./gsuite-accounts";
import { hardwareTable } from "./hardware";
import { hardwareRequestTable } from "./hardware-requests";
import { hostingCostTable } from "./hosting-costs";
import { licenseTable } from "./licenses";
import { officeAccountTable } from "./office-accounts";
import { trustReviewTable } from "./trust-reviews";
import { userTable } from "./users";

export function everyTable(
  db: Db,
  secrets: Secrets,
  session: ActiveSession,
  unusedAfterDays: number,
): ExportTable<unknown>[] {
  // Each list's plain view: its query schema's defaults.
  return [
    licenseTable(db, secrets, session, { ...licenseListQuerySchema.parse({}), unusedAfterDays }),
    assignmentTable(db, { unusedAfterDays }),
    userTable(db, userListQuerySchema.parse({})),
    hardwareTable(db, session, hardwareListQuerySchema.parse({})),
    hardwareRequestTable(db, session, hardwareRequestListQuerySchema.parse({})),
    officeAccountTable(db, session, { ...accountListQuerySchema.parse({}), unusedAfterDays }),
    directoryTable(db, directoryListQuerySchema.parse({})),
    gsuiteAccountTable(db, { ...gsuiteAccountListQuerySchema.parse({}), unusedAfterDays }),
    trustReviewTable(db, trustReviewListQuerySchema.parse({})),
    hostingCostTable(db),
  ] as ExportTable<unknown>[];
}
