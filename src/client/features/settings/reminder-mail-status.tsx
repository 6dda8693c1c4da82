// Above the notification toggles: whether the server sends mail at all. Without SMTP_URL and
// MAIL_FROM the choices are still saved, but nothing is sent until an administrator sets them.
import { useReminderStatus } from "./reminders-api";

export const REMINDERS_OFF_MESSAGE =
  "E-mail reminders are off: the server has no mail settings (SMTP_URL and MAIL_FROM). Your choices are saved and apply once an administrator configures mail.";

export function ReminderMailStatus() {
  const status = useReminderStatus();
  if (!status.data || status.data.mailEnabled) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {REMINDERS_OFF_MESSAGE}
    </p>
  );
}
