// 'Add Organization' and its edit (spec part 2, section 5): name, domain, description.
import { FormDialog } from "@/client/components/form/form-dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import {
  type CreateOrganizationRequestInput,
  createOrganizationRequestSchema,
  type OrganizationResponse,
} from "@/domain/schemas/gsuite";
import { useCreateOrganization, useUpdateOrganization } from "./api";
import { gsuiteFailure, gsuiteToast } from "./gsuite-toasts";

export function OrganizationFormDialog({
  organization,
  onOpenChange,
}: {
  organization?: OrganizationResponse;
  onOpenChange(open: boolean): void;
}) {
  const editing = organization !== undefined;
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const dialog = useFormDialog({
    schema: createOrganizationRequestSchema,
    defaultValues: {
      name: organization?.name ?? "",
      domain: organization?.domain ?? "",
      description: organization?.description ?? "",
    } satisfies CreateOrganizationRequestInput as never,
    run: (values) =>
      editing
        ? update.mutateAsync({ id: organization.id, body: values })
        : create.mutateAsync(values),
    success: () => (editing ? gsuiteToast.organizationUpdated : gsuiteToast.organizationAdded),
    failure: editing ? gsuiteFailure.updateOrganization : gsuiteFailure.addOrganization,
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    formState: { errors },
  } = dialog.form;
  return (
    <FormDialog
      dialog={dialog}
      title={editing ? "Edit Organization" : "Add Organization"}
      description={
        editing
          ? `Change the details of ${organization.name}.`
          : "A Google Workspace organization and its e-mail domain."
      }
      submitLabel={editing ? "Save Changes" : "Add Organization"}
      onOpenChange={onOpenChange}
    >
      <FormField label="Organization Name" error={errors.name?.message}>
        {(f) => <Input {...f} autoComplete="off" {...register("name")} />}
      </FormField>
      <FormField label="Domain" error={errors.domain?.message}>
        {(f) => (
          <Input {...f} autoComplete="off" placeholder="example.com" {...register("domain")} />
        )}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(f) => <Textarea {...f} rows={3} {...register("description")} />}
      </FormField>
    </FormDialog>
  );
}
