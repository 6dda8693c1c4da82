// 'Add New Hardware' / 'Edit Hardware' (spec part 2, sections 2, 5 and 9). Validation is the
// shared schema's, so the form shows the server's messages. The Add list offers the spec's Add
// types, the Edit list every stored type (domain/hardware-types.ts), so no item loses its type.

import type { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { SelectField } from "@/client/components/form/select-field";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { ItemHistory } from "@/client/features/activity";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { titleCase } from "@/client/lib/format";
import { todayIso } from "@/domain/dates";
import { HARDWARE_STATUSES } from "@/domain/enums";
import { formatSpecs } from "@/domain/hardware-specs";
import { defaultWarrantyExpiry } from "@/domain/hardware-status";
import {
  ADD_HARDWARE_TYPES,
  EDIT_HARDWARE_TYPES,
  HARDWARE_TYPE_LABELS,
} from "@/domain/hardware-types";
import {
  type CreateHardwareRequest,
  createHardwareRequestSchema,
  type HardwareResponse,
  specsTextSchema,
} from "@/domain/schemas/hardware";
import { useCreateHardware, useUpdateHardware } from "./api";
import { hardwareFailure, hardwareToast } from "./hardware-toasts";

const typeOptions = (types: readonly (keyof typeof HARDWARE_TYPE_LABELS)[]) =>
  types.map((value) => ({ value, label: HARDWARE_TYPE_LABELS[value] }));
const ADD_TYPE_OPTIONS = typeOptions(ADD_HARDWARE_TYPES);
const EDIT_TYPE_OPTIONS = typeOptions(EDIT_HARDWARE_TYPES);
const STATUS_OPTIONS = HARDWARE_STATUSES.map((value) => ({ value, label: titleCase(value) }));

type HardwareFormValues = {
  name: string;
  type: string;
  identifier: string;
  location: string;
  status: string;
  pcName: string;
  purchaseDate: string;
  warrantyExpiry: string;
  notes: string;
  /** `Name: value` lines (domain/hardware-specs.ts); sent as the specs object, null when empty. */
  specs: string;
};

// The form holds every field as text; the request schema reads them as the server does.
const hardwareFormSchema = createHardwareRequestSchema.extend({
  specs: specsTextSchema,
}) as unknown as z.ZodType<CreateHardwareRequest, HardwareFormValues>;

function formValues(item?: HardwareResponse): HardwareFormValues {
  return {
    name: item?.name ?? "",
    type: item?.type ?? "",
    identifier: item?.identifier ?? "",
    location: item?.location ?? "",
    status: item?.status ?? "active",
    pcName: item?.pcName ?? "",
    purchaseDate: item?.purchaseDate ?? "",
    warrantyExpiry: item ? (item.warrantyExpiry ?? "") : defaultWarrantyExpiry(todayIso()),
    notes: item?.notes ?? "",
    specs: formatSpecs(item?.specs),
  };
}

export function HardwareFormDialog({
  item,
  onOpenChange,
}: {
  /** The item to edit; omitted to add one. */
  item?: HardwareResponse;
  onOpenChange(open: boolean): void;
}) {
  const editing = item !== undefined;
  const create = useCreateHardware();
  const update = useUpdateHardware();
  const defaultValues = formValues(item);
  // The specs as the dialog read them, to tell whether the field was changed.
  const readSpecs = JSON.stringify(specsTextSchema.safeParse(defaultValues.specs).data);
  const dialog = useFormDialog({
    schema: hardwareFormSchema,
    defaultValues,
    run: (values) => {
      if (!editing) return create.mutateAsync(values);
      // Specs left as they were read are not sent, so the stored JSON stays exactly as it is:
      // a text '16' stays text, and entries the response leaves out (nested values written by
      // hand) are not wiped by an edit of, say, the status.
      const specsEdited = JSON.stringify(values.specs) !== readSpecs;
      const body = specsEdited ? values : { ...values, specs: undefined };
      return update.mutateAsync({ id: item.id, body });
    },
    success: (saved) => (editing ? hardwareToast.updated : hardwareToast.added)(saved.name),
    failure: editing ? hardwareFailure.update : hardwareFailure.add,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;

  return (
    <FormDialog
      dialog={dialog}
      title={editing ? "Edit Hardware" : "Add New Hardware"}
      description={
        editing ? `Change the details of ${item.name}.` : "Enter the details of the hardware item."
      }
      submitLabel={editing ? "Save Changes" : "Add Hardware"}
      onOpenChange={onOpenChange}
      after={editing && <ItemHistory area="hardware" itemId={item.id} />}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("name")} />}
        </FormField>
        <FormField label="Type" error={errors.type?.message}>
          {(f) => (
            <SelectField
              {...f}
              control={control}
              name="type"
              placeholder="Select a type"
              options={editing ? EDIT_TYPE_OPTIONS : ADD_TYPE_OPTIONS}
            />
          )}
        </FormField>
        <FormField label="Serial Number / Identifier" error={errors.identifier?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("identifier")} />}
        </FormField>
        <FormField label="Status" error={errors.status?.message}>
          {(f) => <SelectField {...f} control={control} name="status" options={STATUS_OPTIONS} />}
        </FormField>
        <FormField label="Location" error={errors.location?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("location")} />}
        </FormField>
        <FormField label="PC Name" error={errors.pcName?.message}>
          {(f) => <Input {...f} autoComplete="off" {...register("pcName")} />}
        </FormField>
        <FormField label="Purchase Date" error={errors.purchaseDate?.message}>
          {(f) => <Input {...f} type="date" {...register("purchaseDate")} />}
        </FormField>
        <FormField label="Warranty Expiry" error={errors.warrantyExpiry?.message}>
          {(f) => <Input {...f} type="date" {...register("warrantyExpiry")} />}
        </FormField>
        <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          {(f) => <Textarea {...f} rows={3} {...register("notes")} />}
        </FormField>
        <FormField
          label="Specifications"
          description="One per line, as Name: value (for example RAM: 16 GB)."
          error={errors.specs?.message}
          className="sm:col-span-2"
        >
          {(f) => (
            <Textarea
              {...f}
              rows={4}
              spellCheck={false}
              placeholder={"CPU: Intel Core i7\nRAM: 16 GB"}
              className="font-mono"
              {...register("specs")}
            />
          )}
        </FormField>
      </div>
    </FormDialog>
  );
}
