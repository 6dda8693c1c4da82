// The licenses toasts, worded exactly as spec part 1, section 8.
import { toast } from "sonner";

export const notify = {
  created: (name: string) =>
    toast.success("License created", { description: `${name} has been added successfully.` }),
  updated: (name: string) =>
    toast.success("License updated", { description: `${name} has been updated successfully.` }),
  deleted: (name: string) =>
    toast.success("License deleted", { description: `${name} has been deleted successfully.` }),
  assigned: (name: string) =>
    toast.success("License assigned", {
      description: `License successfully assigned to ${name}.`,
    }),
  unassigned: (name: string) =>
    toast.success("License unassigned", {
      description: `License has been unassigned from ${name}.`,
    }),
  renewed: (name: string) =>
    toast.success("License renewed", {
      description: `The renewal for ${name} has been processed.`,
    }),
  error: (description: string) => toast.error("Error", { description }),
};

export const FAILURE = {
  create: "Failed to create license. Please try again.",
  update: "Failed to update license. Please try again.",
  delete: "Failed to delete license. Please try again.",
  assign: "Failed to assign license. Please try again.",
  unassign: "Failed to unassign license. Please try again.",
  renew: "Failed to renew license. Please try again.",
} as const;
