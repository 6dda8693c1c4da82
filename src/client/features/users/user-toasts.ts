// The Users toasts (spec part 2, section 8), shown with lib/notify.
import type { ToastMessage } from "@/client/lib/notify";

export const userToast = {
  created: (username: string): ToastMessage => ({
    title: "User created",
    description: `${username} has been added successfully.`,
  }),
  updated: (username: string): ToastMessage => ({
    title: "User updated",
    description: `${username} has been updated successfully.`,
  }),
  deleted: (username: string): ToastMessage => ({
    title: "User deleted",
    description: `${username} has been deleted successfully.`,
  }),
};
