// The licenses feature's public entry: the only things other features (the dashboard) and the
// app (User Details) may use.
// Everything else in this folder is internal to it.
import { lazy } from "react";

export type { RenewableLicense } from "./license-form-values";
export { LicenseStatusBadge } from "./license-status-badge";
export { UserLicenses } from "./user-licenses";

/**
 * The renew dialog, fetched the first time it is opened: its form code (react-hook-form, zod,
 * selects) stays out of the screens that only offer it, such as the dashboard. Render it inside a
 * Suspense boundary.
 */
export const RenewLicenseDialog = lazy(() =>
  import("./renew-license-dialog").then((module) => ({ default: module.RenewLicenseDialog })),
);
