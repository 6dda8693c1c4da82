// Every importable area, by name.
import type { ImportArea } from "../../../domain/imports/columns";
import { accountAssignmentImport } from "./account-assignments";
import { accountImport } from "./accounts";
import type { ImportAreaDefinition } from "./area";
import { directoryImport } from "./directories";
import { gsuiteAccountImport } from "./gsuite-accounts";
import { gsuiteOrganizationImport } from "./gsuite-organizations";
import { gsuitePlanImport } from "./gsuite-plans";
import { hardwareImport } from "./hardware";
import { licenseImport } from "./licenses";
import { seatImport } from "./seats";
import { trustReviewImport } from "./trust-reviews";
import { userImport } from "./users";

export const importAreas: Record<ImportArea, ImportAreaDefinition<unknown>> = {
  licenses: licenseImport,
  hardware: hardwareImport,
  users: userImport,
  directories: directoryImport,
  accounts: accountImport,
  seats: seatImport,
  "account-assignments": accountAssignmentImport,
  "gsuite-organizations": gsuiteOrganizationImport,
  "gsuite-plans": gsuitePlanImport,
  "gsuite-accounts": gsuiteAccountImport,
  "trust-reviews": trustReviewImport,
};
