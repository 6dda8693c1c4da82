// The Office Accounts toasts. The failures are worded as spec part 2, section 8; the spec shows
// no success texts, so these follow the licenses' wording.
import type { ToastMessage } from "@/client/lib/notify";

export const accountToast = {
  added: (email: string): ToastMessage => ({
    title: "Account added",
    description: `${email} has been added successfully.`,
  }),
  updated: (email: string): ToastMessage => ({
    title: "Account updated",
    description: `${email} has been updated successfully.`,
  }),
  deleted: (email: string): ToastMessage => ({
    title: "Account deleted",
    description: `${email} has been deleted successfully.`,
  }),
  assigned: (email: string, assignedTo: string): ToastMessage => ({
    title: "Account assigned",
    description: `${email} has been assigned to ${assignedTo}.`,
  }),
};

const detail = (error: unknown) => (error instanceof Error ? error.message : "Unknown error");

export const accountFailure = {
  add: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to add account: ${detail(error)}`,
  }),
  update: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to update account: ${detail(error)}`,
  }),
  assign: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to assign account: ${detail(error)}`,
  }),
  delete: (error: unknown): ToastMessage => ({
    title: "Failed to delete account",
    description: error instanceof Error ? error.message : undefined,
  }),
  reveal: (error: unknown): ToastMessage => ({
    title: "Error",
    description:
      error instanceof Error && error.message ? error.message : "Failed to reveal the password.",
  }),
};
