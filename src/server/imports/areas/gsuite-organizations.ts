// G Suite organizations from a file: the Add Organization form's rules; an organization is its
// domain (unique regardless of case, as the form and the unique index have it). The first one
// ever created is the default; a file's rows are created in its order.
import {
  type CreateOrganizationRequest,
  createOrganizationRequestSchema,
} from "../../../domain/schemas/gsuite";
import { bulkInsert } from "../../db/bulk-insert";
import { gsuiteOrganizations } from "../../db/schema";
import { DUPLICATE_DOMAIN } from "../../gsuite/organizations-service";
import { defineImportArea } from "./area";
import { lowerKeysHeld } from "./keys-held";

export const gsuiteOrganizationImport = defineImportArea<CreateOrganizationRequest>({
  area: "gsuite-organizations",
  activityArea: "gsuite_organizations",
  table: "gsuite_organizations",
  schema: createOrganizationRequestSchema,
  duplicate: {
    label: "domain",
    keyOf: (row) => row.domain.toLowerCase(),
    existing: (db, keys) =>
      lowerKeysHeld(db, gsuiteOrganizations, gsuiteOrganizations.domain, keys),
    existsMessage: `${DUPLICATE_DOMAIN}.`,
  },
  insert: (tx, rows) =>
    bulkInsert(
      tx,
      gsuiteOrganizations,
      rows.map((row) => ({
        name: row.name,
        domain: row.domain,
        description: row.description ?? null,
      })),
    ),
});
