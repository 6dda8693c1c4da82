// The G Suite toasts and messages, worded exactly as spec part 2, section 8.
import { isApiError } from "@/client/lib/api-client";
import type { ToastMessage } from "@/client/lib/notify";

export const gsuiteToast = {
  accountAdded: { title: "G Suite account added" } satisfies ToastMessage,
  accountUpdated: { title: "G Suite account updated" } satisfies ToastMessage,
  accountDeleted: { title: "G Suite account deleted" } satisfies ToastMessage,
  organizationAdded: { title: "Organization added" } satisfies ToastMessage,
  organizationUpdated: { title: "Organization updated" } satisfies ToastMessage,
  organizationDeleted: { title: "Organization deleted" } satisfies ToastMessage,
  planAdded: { title: "Plan added" } satisfies ToastMessage,
  planUpdated: { title: "Plan updated" } satisfies ToastMessage,
  planDeleted: { title: "Plan deleted" } satisfies ToastMessage,
  usersAssigned: (count: number, plan: string): ToastMessage => ({
    title: "Users assigned",
    description: `${count} users have been assigned to the ${plan} plan.`,
  }),
  assigned: { title: "G Suite account assigned" } satisfies ToastMessage,
  unassigned: { title: "G Suite account unassigned" } satisfies ToastMessage,
};

const error = (description: string): ToastMessage => ({ title: "Error", description });

/** The server's message when it sent one, else the spec's fallback. */
const serverMessageOr = (fallback: string) => (failure: unknown) =>
  error(isApiError(failure) && failure.message ? failure.message : fallback);

export const gsuiteFailure = {
  addAccount: error("Failed to add G Suite account. Please try again."),
  updateAccount: error("Failed to update G Suite account. Please try again."),
  deleteAccount: error("Failed to delete G Suite account. Please try again."),
  addOrganization: serverMessageOr("Failed to add organization. Please try again."),
  updateOrganization: serverMessageOr("Failed to update organization. Please try again."),
  deleteOrganization: serverMessageOr("Failed to delete organization. Please try again."),
  addPlan: serverMessageOr("Failed to add plan. Please try again."),
  updatePlan: serverMessageOr("Failed to update plan. Please try again."),
  deletePlan: serverMessageOr("Failed to delete plan. Please try again."),
  assignUsers: {
    title: "Error assigning users",
    description: "Some users could not be assigned. Please try again.",
  } satisfies ToastMessage,
  assign: error("Failed to assign G Suite account"),
  unassign: error("Failed to unassign G Suite account"),
  reveal: serverMessageOr("Failed to show the passwords. Please try again."),
};

export const UNASSIGN_PROMPT = "Are you sure you want to unassign this license?";
export const NO_EMAIL = "No email provided";
export const loadError = (what: "organizations" | "plans" | "accounts") =>
  `Error loading ${what}. Please try refreshing.`;
