// The licenses toasts, worded exactly as spec part 1, section 8 (shown with lib/notify).
import type { ToastMessage } from "@/client/lib/notify";

export const licenseToast = {
  created: (name: string): ToastMessage => ({
    title: "License created",
    description: `${name} has been added successfully.`,
  }),
  updated: (name: string): ToastMessage => ({
    title: "License updated",
    description: `${name} has been updated successfully.`,
  }),
  deleted: (name: string): ToastMessage => ({
    title: "License deleted",
    description: `${name} has been deleted successfully.`,
  }),
  assigned: (name: string): ToastMessage => ({
    title: "License assigned",
    description: `License successfully assigned to ${name}.`,
  }),
  unassigned: (name: string): ToastMessage => ({
    title: "License unassigned",
    description: `License has been unassigned from ${name}.`,
  }),
  renewed: (name: string): ToastMessage => ({
    title: "License renewed",
    description: `The renewal for ${name} has been processed.`,
  }),
};

const failure = (description: string): ToastMessage => ({ title: "Error", description });

export const licenseFailure = {
  create: failure("Failed to create license. Please try again."),
  update: failure("Failed to update license. Please try again."),
  delete: failure("Failed to delete license. Please try again."),
  assign: failure("Failed to assign license. Please try again."),
  unassign: failure("Failed to unassign license. Please try again."),
  renew: failure("Failed to renew license. Please try again."),
  reveal: (message: string) => failure(message || "Failed to reveal the license key."),
};

/** Why Assign is off on a license with every seat taken (beside the button, in its tooltip). */
export const NO_SEATS_LEFT = "No seats left";
