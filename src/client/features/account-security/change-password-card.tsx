// The Profile's change-password card (Security tab). The server checks the current password and
// signs out every other session of the user.
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/client/components/form/form-alert";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useServerProblem } from "@/client/hooks/use-server-problem";
import { notify } from "@/client/lib/notify";
import { type ChangePasswordForm, changePasswordFormSchema } from "@/domain/schemas/two-factor";
import { useChangePassword } from "./api";

const EMPTY: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordCard() {
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const problem = useServerProblem(form.setError, Object.keys(EMPTY));
  const change = useChangePassword();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    problem.clear();
    try {
      const { endedSessions } = await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      notify.success({
        title: "Password changed",
        description:
          endedSessions > 0
            ? `Signed out of ${endedSessions} other session${endedSessions === 1 ? "" : "s"}.`
            : undefined,
      });
    } catch (error) {
      problem.show(error);
      notify.error({ title: "Error", description: "Failed to change password." });
    }
  });

  const busy = change.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          Change Password
        </CardTitle>
        <CardDescription>Your other sessions are signed out when you change it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-md">
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <Input
              {...form.register("currentPassword")}
              type="password"
              autoComplete="current-password"
              disabled={busy}
            />
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message}>
            <Input
              {...form.register("newPassword")}
              type="password"
              autoComplete="new-password"
              disabled={busy}
            />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input
              {...form.register("confirmPassword")}
              type="password"
              autoComplete="new-password"
              disabled={busy}
            />
          </FormField>
          <FormAlert>{problem.message}</FormAlert>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Changing..." : "Change password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
