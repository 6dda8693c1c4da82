// Every importable area, by name.
import type { ImportArea } from "../../../domain/imports/columns";
import { accountImport } from "./accounts";
import type { ImportAreaDefinition } from "./area";
import { directoryImport } from "./directories";
import { hardwareImport } from "./hardware";
import { licenseImport } from "./licenses";
import { userImport } from "./users";

export const importAreas: Record<ImportArea, ImportAreaDefinition<unknown>> = {
  licenses: licenseImport,
  hardware: hardwareImport,
  users: userImport,
  directories: directoryImport,
  accounts: accountImport,
};
