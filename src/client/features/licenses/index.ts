// The licenses feature's public entry: the only things other features (the dashboard) may use.
// Everything else in this folder is internal to it.
export { useLicenses } from "./api";
export { formatCalendarDate, titleCase } from "./license-display";
export { LicenseStatusBadge } from "./license-status-badge";
export type { LicenseListParams } from "./query-keys";
export { RenewLicenseDialog } from "./renew-license-dialog";
