import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from "react-hook-form";
import type { FieldControlProps } from "@/client/components/ui/form-field";
import { SelectInput, type SelectOption } from "./select-input";

export interface SelectFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, string | undefined>,
  TTransformedValues,
> extends Partial<FieldControlProps> {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  options: readonly SelectOption[];
  placeholder?: string;
  className?: string;
}

/**
 * A react-hook-form field shown as a select. Put it inside a FormField and spread the control
 * props it hands over: `{(f) => <SelectField {...f} control={control} name="role" options={…} />}`.
 */
export function SelectField<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, string | undefined>,
  TTransformedValues,
>({
  control,
  name,
  options,
  ...triggerProps
}: SelectFieldProps<TFieldValues, TName, TTransformedValues>) {
  const { field } = useController({ control, name });
  return (
    <SelectInput
      {...triggerProps}
      ref={field.ref}
      // TName only names fields that hold a string (or nothing yet).
      value={field.value as string | undefined}
      onValueChange={field.onChange}
      onBlur={field.onBlur}
      options={options}
    />
  );
}
