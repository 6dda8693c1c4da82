// The hardware toasts. Failures are worded exactly as spec part 2, section 8 (and part 1 for
// 'Hardware assigned'); where the spec says the server's message is used when available, it is.
import { isApiError } from "@/client/lib/api-client";
import type { ToastMessage } from "@/client/lib/notify";

export const hardwareToast = {
  added: (name: string): ToastMessage => ({
    title: "Hardware added",
    description: `${name} has been added successfully.`,
  }),
  updated: (name: string): ToastMessage => ({
    title: "Hardware updated",
    description: `${name} has been updated successfully.`,
  }),
  deleted: (name: string): ToastMessage => ({
    title: "Hardware deleted",
    description: `${name} has been deleted successfully.`,
  }),
  assigned: (name: string): ToastMessage => ({
    title: "Hardware assigned",
    description: `Hardware successfully assigned to ${name}.`,
  }),
  unassigned: (name: string): ToastMessage => ({
    title: "Hardware unassigned",
    description: `${name} is available again.`,
  }),
  requested: (): ToastMessage => ({
    title: "Request submitted",
    description: "Your hardware request has been submitted for approval.",
  }),
  approved: (): ToastMessage => ({
    title: "Request approved",
    description: "The hardware request has been approved.",
  }),
  rejected: (): ToastMessage => ({
    title: "Request rejected",
    description: "The hardware request has been rejected.",
  }),
};

const failure = (description: string): ToastMessage => ({ title: "Error", description });

/** The server's message for a refusal it explains (4xx), else the spec's fixed text. */
const serverMessageOr = (fallback: string) => (error: unknown) =>
  failure(
    isApiError(error) && error.status >= 400 && error.status < 500 && error.message
      ? error.message
      : fallback,
  );

export const LOAD_HARDWARE_FAILED = "Failed to load hardware. Please try again.";

export const hardwareFailure = {
  add: failure("Failed to add hardware item"),
  update: serverMessageOr("Failed to update hardware. Please try again."),
  delete: failure("Failed to delete hardware item"),
  assign: serverMessageOr("Failed to assign hardware. Please try again."),
  unassign: failure("Failed to unassign hardware. Please try again."),
  request: {
    title: "Failed to submit request",
    description: "There was an error submitting your hardware request. Please try again.",
  } satisfies ToastMessage,
  approve: failure("Failed to approve the hardware request. Please try again."),
  reject: failure("Failed to reject the hardware request. Please try again."),
};
