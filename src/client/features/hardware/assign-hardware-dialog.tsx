// 'Assign Hardware Item' (spec part 1, section 2.6 and part 2): a searchable user list, Cancel and
// Assign; Assign stays disabled until a user is chosen. Opened from a row, the item is that row's;
// opened from the dashboard's Assign Hardware quick action, a searchable list of free items comes
// first and Assign also waits for an item. The server refuses (409) an item that someone else
// took in the meantime, and the toast then says so.
import { useState } from "react";
import { FormDialogFooter } from "@/client/components/form/form-dialog-footer";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { UserPicker } from "@/client/features/people-picker";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { useUpdateHardware } from "./api";
import { HardwarePicker } from "./hardware-picker";
import { hardwareFailure, hardwareToast } from "./hardware-toasts";

type AssignableItem = Pick<HardwareResponse, "id" | "name">;

export function AssignHardwareDialog({
  item,
  onOpenChange,
}: {
  /**
   * The row's item (only its id and name are read, so the dashboard's short rows do); without
   * one, the dialog lets the administrator pick a free item.
   */
  item?: AssignableItem;
  onOpenChange(open: boolean): void;
}) {
  const update = useUpdateHardware();
  const [target, setTarget] = useState<AssignableItem | undefined>(item);
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const action = useDialogAction({
    run: ({ itemId, userId }: { itemId: number; userId: number }) =>
      update.mutateAsync({ id: itemId, body: { assignedToUserId: userId } }),
    success: (saved) => hardwareToast.assigned(saved.assignedToName ?? ""),
    failure: hardwareFailure.assign,
    onDone: () => onOpenChange(false),
  });

  return (
    <Dialog open onOpenChange={(open) => !action.busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Assign Hardware Item</DialogTitle>
          <DialogDescription>
            {item ? `Choose who gets ${item.name}.` : "Choose an available item and who gets it."}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (target && userId !== undefined) void action.run({ itemId: target.id, userId });
          }}
        >
          {!item && (
            <HardwarePicker label="Hardware Item" value={target?.id} onChange={setTarget} />
          )}
          {/* Only active people are offered: the server refuses the others too. */}
          <UserPicker label="User" value={userId} onChange={(user) => setUserId(user.id)} />
          <FormDialogFooter
            busy={action.busy}
            submitLabel="Assign"
            busyLabel="Assigning..."
            submitDisabled={target === undefined || userId === undefined}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
