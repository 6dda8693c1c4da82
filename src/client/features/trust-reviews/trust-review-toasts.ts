// Trust review toasts, worded as spec part 2, section 8.
import { isApiError } from "@/client/lib/api-client";
import type { ToastMessage } from "@/client/lib/notify";

const reason = (error: unknown) =>
  isApiError(error) || error instanceof Error ? error.message : "Unknown error";

export const trustReviewToast = {
  added: { title: "Client license assignment added successfully" },
  updated: { title: "Client license assignment updated successfully" },
  approval: { title: "Approval status updated successfully" },
  status: { title: "Status updated successfully" },
} satisfies Record<string, ToastMessage>;

export const trustReviewFailure = {
  add: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to add client license assignment: ${reason(error)}`,
  }),
  update: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to update client license assignment: ${reason(error)}`,
  }),
  approval: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to update approval status: ${reason(error)}`,
  }),
  status: (error: unknown): ToastMessage => ({
    title: "Error",
    description: `Failed to update status: ${reason(error)}`,
  }),
};
