// Every importable area, by name.
import type { ImportArea } from "../../../domain/imports/columns";
import { accountAssignmentImport } from "./account-assignments";
import { accountImport } from "./accounts";
import type { ImportAreaDefinition } from "./area";
import { directoryImport } from "./directories";
import { hardwareImport } from "./hardware";
import { licenseImport } from "./licenses";
import { seatImport } from "./seats";
import { userImport } from "./users";

export const importAreas: Record<ImportArea, ImportAreaDefinition<unknown>> = {
  licenses: licenseImport,
  hardware: hardwareImport,
  users: userImport,
  directories: directoryImport,
  accounts: accountImport,
  seats: seatImport,
  "account-assignments": accountAssignmentImport,
};
