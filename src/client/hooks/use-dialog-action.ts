// What every dialog that writes does with the server's answer: a success toast and close, or a
// failure toast and stay open (with the reason, for forms). One place, so a new area's dialogs
// cannot word or order it differently.
import * as React from "react";
import { notify, type ToastMessage } from "@/client/lib/notify";

export interface DialogActionOptions<TArgs, TResult> {
  /** The write, usually a mutation's mutateAsync. A rejection keeps the dialog open. */
  run(args: TArgs): Promise<TResult>;
  /** The success toast for what the server answered. */
  success(result: TResult): ToastMessage;
  /** The failure toast: fixed wording from the spec, or made from the error. */
  failure: ToastMessage | ((error: unknown) => ToastMessage);
  /** After success and its toast: usually closes the dialog. */
  onDone(result: TResult): void;
  /** After failure and its toast: e.g. show the server's reason in the form. */
  onFailed?(error: unknown): void;
}

export function useDialogAction<TArgs = void, TResult = unknown>(
  options: DialogActionOptions<TArgs, TResult>,
) {
  const [busy, setBusy] = React.useState(false);
  // The latest options without re-creating `run` on every render.
  const latest = React.useRef(options);
  latest.current = options;

  const run = React.useCallback(async (args: TArgs) => {
    const { run: send, success, failure, onDone, onFailed } = latest.current;
    setBusy(true);
    let result: TResult;
    try {
      result = await send(args);
    } catch (error) {
      setBusy(false);
      notify.error(typeof failure === "function" ? failure(error) : failure);
      onFailed?.(error);
      return;
    }
    setBusy(false);
    notify.success(success(result));
    onDone(result);
  }, []);

  return { busy, run };
}
