// The one way a dialog with a form is wired (docs/decisions/0006-form-dialog.md): the request's
// zod schema validates in the browser with the server's messages, the dialog is busy while the
// write runs, field errors the server finds land on their fields, its reason for a refusal stays
// under the form, and the toasts say how it went. Render the result with <FormDialog>.
import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { z } from "zod";
import { useServerProblem } from "@/client/hooks/use-server-problem";
import { type DialogActionOptions, useDialogAction } from "./use-dialog-action";

export interface FormDialogOptions<TInput extends FieldValues, TOutput, TResult>
  extends DialogActionOptions<TOutput, TResult> {
  /** Usually the request schema the server checks the body with. */
  schema: z.ZodType<TOutput, TInput>;
  /** Every field of the form; their names are also where the server's field errors may go. */
  defaultValues: DefaultValues<TInput> & TInput;
}

export function useFormDialog<TInput extends FieldValues, TOutput, TResult>({
  schema,
  defaultValues,
  onFailed,
  ...action
}: FormDialogOptions<TInput, TOutput, TResult>) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const problem = useServerProblem(form.setError, Object.keys(defaultValues));
  const { busy, run } = useDialogAction<TOutput, TResult>({
    ...action,
    onFailed(error) {
      problem.show(error);
      onFailed?.(error);
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    problem.clear();
    await run(values);
  });

  return {
    form,
    onSubmit,
    /** True from submit until the server has answered: buttons wait, the submit button says so. */
    busy: busy || form.formState.isSubmitting,
    /** The server's reason for a refusal, shown under the form; null when there is none. */
    problem: problem.message,
  };
}

export type FormDialogState = Pick<
  ReturnType<typeof useFormDialog>,
  "onSubmit" | "busy" | "problem"
>;
