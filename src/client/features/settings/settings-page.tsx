// Settings (spec part 2, 'Settings'). The toggles are the signed-in user's own, stored on the
// server (GET/PUT /api/preferences); 'enable two-factor' is the real second factor, turned on with
// the setup dialog and off with a code or the password. Data Export downloads everything
// (data-export-card.tsx). Administrators also keep their API tokens and the currency rates here.
import { Bell, Shield } from "lucide-react";
import * as React from "react";
import { FormAlert } from "@/client/components/form/form-alert";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { FormField } from "@/client/components/ui/form-field";
import { Separator } from "@/client/components/ui/separator";
import { Switch } from "@/client/components/ui/switch";
import {
  TwoFactorDisableDialog,
  TwoFactorSetupDialog,
  useTwoFactorStatus,
} from "@/client/features/account-security";
import { useAuth } from "@/client/features/auth";
import { notify } from "@/client/lib/notify";
import type { PreferencesResponse } from "@/domain/schemas/preferences";
import { licenseAlertText } from "./alert-days";
import { ApiTokensCard } from "./api-tokens-card";
import { CalendarFeedCard } from "./calendar-feed-card";
import { CurrencyRatesCard } from "./currency-rates-card";
import { DataExportCard } from "./data-export-card";
import { ImportHistoryCard } from "./import-history-card";
import { IntegrationsCard } from "./integrations-card";
import { NotificationChannelsCard } from "./notification-channels-card";
import { usePreferences, useUpdatePreferences } from "./preferences-api";
import { ReminderAdminCard } from "./reminder-admin-card";
import { ReminderMailStatus } from "./reminder-mail-status";
import { useReminderStatus } from "./reminders-api";
import { ScimProvisioningCard } from "./scim-provisioning-card";
import { SettingsCard } from "./settings-card";

type Preference = keyof PreferencesResponse | "twoFactor";
type Values = Partial<Record<Preference, boolean>>;

interface Toggle {
  preference: Preference;
  label: string;
  description: string;
}

export const SETTINGS_SAVE_FAILED = "Failed to save settings. Please try again.";

const SECURITY_TOGGLES: Toggle[] = [
  {
    preference: "maskLicenseKeys",
    label: "Mask licence keys",
    description: "Show licence keys masked until you choose to reveal one.",
  },
  {
    preference: "twoFactor",
    label: "Enable two-factor authentication",
    description: "Ask for a code from your authenticator app after your password.",
  },
];

const NOTIFICATION_TOGGLES: Toggle[] = [
  {
    preference: "licenseExpiryAlerts",
    label: "Licence expiration alerts",
    // Replaced by the days an administrator set once they have arrived (alert-days.ts).
    description: licenseAlertText(undefined),
  },
  {
    preference: "assignmentChangeAlerts",
    label: "Assignment changes",
    description: "When a licence is assigned to or removed from you.",
  },
  {
    preference: "hardwareWarrantyAlerts",
    label: "Hardware warranty alerts",
    description: "Before the warranty of hardware ends.",
  },
  {
    preference: "accountRenewalAlerts",
    label: "Account renewal alerts",
    description: "Before a G Suite or office account renews.",
  },
  {
    preference: "paymentAlerts",
    label: "Payment alerts",
    description: "Before directory listing, trust review and hosting payments.",
  },
  {
    preference: "reminderDigest",
    label: "Daily digest",
    description: "One e-mail a day listing that day's reminders, instead of one e-mail each.",
  },
];

export function SettingsPage() {
  const { isAdmin } = useAuth();
  const preferences = usePreferences();
  const twoFactor = useTwoFactorStatus();
  const update = useUpdatePreferences();
  const reminders = useReminderStatus();
  const notificationToggles = NOTIFICATION_TOGGLES.map((toggle) =>
    toggle.preference === "licenseExpiryAlerts"
      ? { ...toggle, description: licenseAlertText(reminders.data?.offsets) }
      : toggle,
  );
  const [twoFactorDialog, setTwoFactorDialog] = React.useState<"setup" | "disable" | null>(null);

  const values: Values = {
    ...preferences.data,
    ...(twoFactor.data ? { twoFactor: twoFactor.data.enabled } : {}),
  };
  const setPreference = (preference: Preference, checked: boolean) => {
    if (preference === "twoFactor") {
      setTwoFactorDialog(checked ? "setup" : "disable");
      return;
    }
    update.mutate(
      { [preference]: checked },
      { onError: () => notify.error({ title: "Error", description: SETTINGS_SAVE_FAILED }) },
    );
  };
  const failed = preferences.isError ? preferences : twoFactor.isError ? twoFactor : null;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="Settings" description="Your preferences, saved to your account." />

      {failed && (
        <div className="grid justify-items-start gap-2">
          <FormAlert>Failed to load your settings. {failed.error?.message}</FormAlert>
          <Button
            variant="outline"
            onClick={() => {
              void preferences.refetch();
              void twoFactor.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      )}

      <SettingsCard
        icon={Shield}
        title="Security Settings"
        description="How sensitive information is shown to you, and how you sign in."
      >
        <ToggleList toggles={SECURITY_TOGGLES} values={values} onChange={setPreference} />
      </SettingsCard>

      <SettingsCard
        icon={Bell}
        title="Notification Preferences"
        description="Which events you want to hear about by e-mail."
      >
        <ReminderMailStatus />
        <ToggleList toggles={notificationToggles} values={values} onChange={setPreference} />
      </SettingsCard>

      <DataExportCard />

      <CalendarFeedCard />
      {isAdmin && <ApiTokensCard />}
      {isAdmin && <CurrencyRatesCard />}
      {isAdmin && <ReminderAdminCard />}
      {isAdmin && <NotificationChannelsCard />}
      {isAdmin && <ScimProvisioningCard />}
      {isAdmin && <ImportHistoryCard />}
      {isAdmin && <IntegrationsCard />}
      {twoFactorDialog === "setup" && (
        <TwoFactorSetupDialog onOpenChange={() => setTwoFactorDialog(null)} />
      )}
      {twoFactorDialog === "disable" && (
        <TwoFactorDisableDialog onOpenChange={() => setTwoFactorDialog(null)} />
      )}
    </div>
  );
}

/** One switch a row, with a separator between rows. */
function ToggleList({
  toggles,
  values,
  onChange,
}: {
  toggles: Toggle[];
  values: Values;
  onChange(preference: Preference, checked: boolean): void;
}) {
  return toggles.map(({ preference, label, description }, index) => (
    <React.Fragment key={preference}>
      {index > 0 && <Separator />}
      <FormField orientation="horizontal" label={label} description={description}>
        {(field) => (
          <Switch
            {...field}
            // Off and disabled until the server has said what it is.
            disabled={values[preference] === undefined}
            checked={values[preference] ?? false}
            onCheckedChange={(checked) => onChange(preference, checked)}
          />
        )}
      </FormField>
    </React.Fragment>
  ));
}
