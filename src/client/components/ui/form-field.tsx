import * as React from "react";
import { Label } from "@/client/components/ui/label";
import { cn } from "@/client/lib/utils";

/** Props a control needs so its label, error text and invalid state are wired for assistive tech. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FormFieldProps {
  label: React.ReactNode;
  /** Usually `formState.errors.<name>?.message` from react-hook-form. */
  error?: string;
  description?: React.ReactNode;
  /** Defaults to a generated id. */
  id?: string;
  /** "horizontal" puts a switch or checkbox beside its label. */
  orientation?: "vertical" | "horizontal";
  className?: string;
  /**
   * The control. A function receives the id/aria props to spread; a single element gets them
   * merged in. Example: `{(field) => <Input {...field} {...register("username")} />}`.
   */
  children: ((control: FieldControlProps) => React.ReactNode) | React.ReactElement;
}

export function FormField({
  label,
  error,
  description,
  id,
  orientation = "vertical",
  className,
  children,
}: FormFieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? generatedId;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const control: FieldControlProps = {
    id: controlId,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };

  const rendered =
    typeof children === "function"
      ? children(control)
      : React.cloneElement(children as React.ReactElement<FieldControlProps>, control);

  return (
    <div
      data-slot="form-field"
      className={cn(
        orientation === "horizontal" ? "flex items-center justify-between gap-4" : "grid gap-2",
        className,
      )}
    >
      {orientation === "horizontal" ? (
        <>
          <div className="grid gap-1">
            <Label htmlFor={controlId} className={cn(error && "text-destructive")}>
              {label}
            </Label>
            {description && (
              <p id={descriptionId} className="text-sm text-muted-foreground">
                {description}
              </p>
            )}
          </div>
          {rendered}
        </>
      ) : (
        <>
          <Label htmlFor={controlId} className={cn(error && "text-destructive")}>
            {label}
          </Label>
          {rendered}
          {description && (
            <p id={descriptionId} className="text-sm text-muted-foreground">
              {description}
            </p>
          )}
        </>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
