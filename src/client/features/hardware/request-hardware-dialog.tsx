// 'Request Hardware' (spec part 2): tabs Request Existing and Request New (administrators only);
// the manager's name only when manager approval is Yes. The server files the request for the
// signed-in user and refuses an item someone took in the meantime.
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { SelectField } from "@/client/components/form/select-field";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { Textarea } from "@/client/components/ui/textarea";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import {
  HARDWARE_TYPE_LABELS,
  hardwareTypeKey,
  REQUEST_NEW_HARDWARE_TYPES,
} from "@/domain/hardware-types";
import {
  type CreateHardwareRequestRequest,
  type CreateHardwareRequestRequestInput,
  createHardwareRequestRequestSchema,
  type HardwareResponse,
} from "@/domain/schemas/hardware";
import { useCreateHardwareRequest, useFreeHardware } from "./api";
import { hardwareFailure, hardwareToast } from "./hardware-toasts";

// 'pc' is shown as PC and stored as desktop.
const NEW_TYPE_OPTIONS = REQUEST_NEW_HARDWARE_TYPES.map((value) => ({
  value,
  label: value === "pc" ? "PC" : HARDWARE_TYPE_LABELS[hardwareTypeKey(value) ?? "other"],
}));
const YES_NO = [
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
];

type RequestFormValues = {
  type: "existing" | "new";
  hardwareId: string;
  name: string;
  hardwareType: string;
  link: string;
  reason: string;
  managerApproval: "yes" | "no";
  managerName: string;
};

// The form holds 'yes'/'no' and the id as text (selects hold strings); the request schema reads
// booleans and ids, so the form's values are mapped onto it before the shared rules run.
function toRequest(values: RequestFormValues): CreateHardwareRequestRequestInput {
  return {
    type: values.type,
    hardwareId: values.type === "existing" && values.hardwareId ? values.hardwareId : null,
    name: values.type === "new" ? values.name : null,
    hardwareType: values.type === "new" && values.hardwareType ? values.hardwareType : null,
    link: values.type === "new" ? values.link : null,
    reason: values.reason,
    managerApproval: values.managerApproval === "yes",
    managerName: values.managerApproval === "yes" ? values.managerName : null,
  };
}

const requestFormSchema = z.preprocess(
  (values) => toRequest(values as RequestFormValues),
  createHardwareRequestRequestSchema,
) as unknown as z.ZodType<CreateHardwareRequestRequest, RequestFormValues>;

export function RequestHardwareDialog({
  isAdmin,
  item,
  onOpenChange,
}: {
  isAdmin: boolean;
  /** Preselected item (the Request button on a row). */
  item?: HardwareResponse;
  onOpenChange(open: boolean): void;
}) {
  const create = useCreateHardwareRequest();
  const [search, setSearch] = useState("");
  const available = useFreeHardware(useDebouncedValue(search.trim(), 250), 100);
  const dialog = useFormDialog({
    schema: requestFormSchema,
    defaultValues: {
      type: "existing",
      hardwareId: item ? String(item.id) : "",
      name: "",
      hardwareType: "",
      link: "",
      reason: "",
      managerApproval: "no",
      managerName: "",
    },
    run: (values) => create.mutateAsync(values),
    success: hardwareToast.requested,
    failure: hardwareFailure.request,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = dialog.form;
  const type = useWatch({ control, name: "type" });
  const managerApproval = useWatch({ control, name: "managerApproval" });

  const itemOptions = (available.data?.rows ?? []).map((candidate) => ({
    value: String(candidate.id),
    label: `${candidate.name} (${candidate.identifier})`,
  }));
  if (item && !itemOptions.some((option) => option.value === String(item.id))) {
    itemOptions.unshift({ value: String(item.id), label: `${item.name} (${item.identifier})` });
  }

  return (
    <FormDialog
      dialog={dialog}
      title="Request Hardware"
      description="Ask for an item from the inventory. An administrator approves or rejects it."
      submitLabel="Submit Request"
      busyLabel="Submitting..."
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
    >
      <Tabs
        value={type}
        onValueChange={(next) => setValue("type", next as RequestFormValues["type"])}
      >
        <TabsList>
          <TabsTrigger value="existing">Request Existing</TabsTrigger>
          {isAdmin && <TabsTrigger value="new">Request New</TabsTrigger>}
        </TabsList>
        <TabsContent value="existing" className="grid gap-4">
          <FormField label="Find an item">
            {(f) => (
              <Input
                {...f}
                type="search"
                autoComplete="off"
                placeholder="Search by name or serial number..."
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Hardware Item" error={errors.hardwareId?.message}>
            {(f) => (
              <SelectField
                {...f}
                control={control}
                name="hardwareId"
                placeholder={itemOptions.length === 0 ? "No hardware available" : "Select an item"}
                options={itemOptions}
              />
            )}
          </FormField>
        </TabsContent>
        <TabsContent value="new" className="grid gap-4 sm:grid-cols-2">
          <FormField label="Item Name" error={errors.name?.message}>
            {(f) => <Input {...f} autoComplete="off" {...register("name")} />}
          </FormField>
          <FormField label="Hardware Type" error={errors.hardwareType?.message}>
            {(f) => (
              <SelectField
                {...f}
                control={control}
                name="hardwareType"
                placeholder="Select a type"
                options={NEW_TYPE_OPTIONS}
              />
            )}
          </FormField>
          <FormField label="Link" error={errors.link?.message} className="sm:col-span-2">
            {(f) => <Input {...f} type="url" autoComplete="off" {...register("link")} />}
          </FormField>
        </TabsContent>
      </Tabs>
      <FormField label="Reason" error={errors.reason?.message}>
        {(f) => <Textarea {...f} rows={3} {...register("reason")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Manager Approval" error={errors.managerApproval?.message}>
          {(f) => <SelectField {...f} control={control} name="managerApproval" options={YES_NO} />}
        </FormField>
        {managerApproval === "yes" && (
          <FormField label="Manager Name" error={errors.managerName?.message}>
            {(f) => <Input {...f} autoComplete="off" {...register("managerName")} />}
          </FormField>
        )}
      </div>
    </FormDialog>
  );
}
