// Which hardware dialog is open, if any. Each is mounted only while shown, so it opens fresh.
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { AssignHardwareDialog } from "./assign-hardware-dialog";
import { DeleteHardwareDialog, UnassignHardwareDialog } from "./confirm-hardware-dialogs";
import { HardwareFormDialog } from "./hardware-form-dialog";
import { RequestHardwareDialog } from "./request-hardware-dialog";

export type HardwareDialogState =
  | null
  | { kind: "add" }
  | { kind: "request"; item?: HardwareResponse }
  | { kind: "assign" | "unassign" | "edit" | "delete"; item: HardwareResponse };

export function HardwareDialogs({
  state,
  isAdmin,
  onClose,
}: {
  state: HardwareDialogState;
  isAdmin: boolean;
  onClose(): void;
}) {
  if (!state) return null;
  const onOpenChange = (open: boolean) => !open && onClose();
  switch (state.kind) {
    case "add":
      return <HardwareFormDialog onOpenChange={onOpenChange} />;
    case "edit":
      return <HardwareFormDialog item={state.item} onOpenChange={onOpenChange} />;
    case "assign":
      return <AssignHardwareDialog item={state.item} onOpenChange={onOpenChange} />;
    case "unassign":
      return <UnassignHardwareDialog item={state.item} onOpenChange={onOpenChange} />;
    case "delete":
      return <DeleteHardwareDialog item={state.item} onOpenChange={onOpenChange} />;
    case "request":
      return (
        <RequestHardwareDialog isAdmin={isAdmin} item={state.item} onOpenChange={onOpenChange} />
      );
  }
}
