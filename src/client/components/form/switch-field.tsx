import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from "react-hook-form";
import type { FieldControlProps } from "@/client/components/ui/form-field";
import { Switch } from "@/client/components/ui/switch";

export interface SwitchFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, boolean | undefined>,
  TTransformedValues,
> extends Partial<FieldControlProps> {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
}

/**
 * A react-hook-form boolean shown as a switch. Put it inside a FormField (orientation
 * "horizontal") and spread the control props: `{(f) => <SwitchField {...f} control={control}
 * name="isActive" />}`.
 */
export function SwitchField<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, boolean | undefined>,
  TTransformedValues,
>({ control, name, ...controlProps }: SwitchFieldProps<TFieldValues, TName, TTransformedValues>) {
  const { field } = useController({ control, name });
  return (
    <Switch
      {...controlProps}
      ref={field.ref}
      checked={field.value === true}
      onCheckedChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
