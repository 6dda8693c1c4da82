// The directory toasts (spec part 2, section 8: the failures are the spec's words).
import type { ToastMessage } from "@/client/lib/notify";

export const directoryFailure = {
  save: { title: "Error", description: "Failed to save directory. Please try again." },
  delete: { title: "Error", description: "Failed to delete directory. Please try again." },
  payment: { title: "Error", description: "Failed to record the payment. Please try again." },
} satisfies Record<string, ToastMessage>;

export const directoryToast = {
  created: (name: string): ToastMessage => ({
    title: "Directory added",
    description: `${name} has been added successfully.`,
  }),
  updated: (name: string): ToastMessage => ({
    title: "Directory updated",
    description: `${name} has been updated successfully.`,
  }),
  paid: (name: string): ToastMessage => ({
    title: "Payment recorded",
    description: `A payment for ${name} has been recorded.`,
  }),
  restored: (name: string): ToastMessage => ({
    title: "Directory restored",
    description: `${name} is back.`,
  }),
};
