// The hardware feature's public entry: what other features (the User Details dialog, the
// dashboard) may use.
import { lazy } from "react";

export { UserHardware } from "./user-hardware";

/**
 * 'Assign Hardware Item', fetched the first time it is opened (the dashboard's Assign buttons):
 * its picker code stays out of the dashboard's first load. Render it inside a Suspense boundary.
 */
export const AssignHardwareDialog = lazy(() =>
  import("./assign-hardware-dialog").then((module) => ({ default: module.AssignHardwareDialog })),
);
