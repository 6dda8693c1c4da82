// The app's toasts: every area words its own messages (spec part 1 and 2, section 8) and shows
// them through here, so success and failure look and behave the same everywhere. sonner and its
// Toaster are fetched with the first toast, so no page carries them before it needs them; the
// toast waits in sonner's queue and shows as soon as the Toaster mounts.
import { useSyncExternalStore } from "react";

const loadSonner = () => import("sonner");

let toasterWanted = false;
const listeners = new Set<() => void>();

function wantToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

/** True once something has been toasted: the app mounts the Toaster from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}

export interface ToastMessage {
  title: string;
  description?: string;
  /** A button in the toast (e.g. Undo), shown for the toast's lifetime. */
  action?: { label: string; onClick(): void };
}

export const notify = {
  success: ({ title, description, action }: ToastMessage) => {
    wantToaster();
    void loadSonner().then(({ toast }) =>
      toast.success(title, {
        description,
        // An action toast stays long enough to be read and reached by keyboard.
        ...(action ? { action, duration: 10_000 } : {}),
      }),
    );
  },
  error: ({ title, description }: ToastMessage) => {
    wantToaster();
    void loadSonner().then(({ toast }) => toast.error(title, { description }));
  },
};
