// 'Assign Hardware Item' (spec part 1, section 2.3 and part 2): a searchable user list, Cancel and
// Assign; Assign stays disabled until a user is chosen. The server refuses (409) an item that
// someone else took in the meantime, and the toast then says so.
import { useState } from "react";
import { FormDialogFooter } from "@/client/components/form/form-dialog-footer";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { UserPicker } from "@/client/features/licenses";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { useUpdateHardware } from "./api";
import { hardwareFailure, hardwareToast } from "./hardware-toasts";

export function AssignHardwareDialog({
  item,
  onOpenChange,
}: {
  /** Only its id and name are read, so the dashboard's short rows do. */
  item: Pick<HardwareResponse, "id" | "name">;
  onOpenChange(open: boolean): void;
}) {
  const update = useUpdateHardware();
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const action = useDialogAction({
    run: (id: number) => update.mutateAsync({ id: item.id, body: { assignedToUserId: id } }),
    success: (saved) => hardwareToast.assigned(saved.assignedToName ?? ""),
    failure: hardwareFailure.assign,
    onDone: () => onOpenChange(false),
  });

  return (
    <Dialog open onOpenChange={(open) => !action.busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Assign Hardware Item</DialogTitle>
          <DialogDescription>{`Choose who gets ${item.name}.`}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (userId !== undefined) void action.run(userId);
          }}
        >
          {/* Only active people are offered: the server refuses the others too. */}
          <UserPicker label="User" value={userId} onChange={(user) => setUserId(user.id)} />
          <FormDialogFooter
            busy={action.busy}
            submitLabel="Assign"
            busyLabel="Assigning..."
            submitDisabled={userId === undefined}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
