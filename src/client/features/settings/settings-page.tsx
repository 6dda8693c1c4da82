// Settings (spec part 2, 'Settings'). The toggles are local to this page, as in the spec; exports
// are not built yet, so their buttons say so rather than pretending to export. Administrators also
// keep the currency rates here (stored on the server, unlike the toggles).
import { Bell, Download, FileSpreadsheet, FileText, type LucideIcon, Shield } from "lucide-react";
import * as React from "react";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Separator } from "@/client/components/ui/separator";
import { Switch } from "@/client/components/ui/switch";
import { useAuth } from "@/client/features/auth";
import { CurrencyRatesCard } from "./currency-rates-card";

type Preference = "maskKeys" | "twoFactor" | "expiryAlerts" | "assignmentAlerts";

interface Toggle {
  preference: Preference;
  label: string;
  description: string;
}

const DEFAULTS: Record<Preference, boolean> = {
  maskKeys: true,
  twoFactor: false,
  expiryAlerts: true,
  assignmentAlerts: true,
};

const SECURITY_TOGGLES: Toggle[] = [
  {
    preference: "maskKeys",
    label: "Mask licence keys",
    description: "Show licence keys masked until you choose to reveal one.",
  },
  {
    preference: "twoFactor",
    label: "Enable two-factor authentication",
    description: "Ask for a second step when signing in.",
  },
];

const NOTIFICATION_TOGGLES: Toggle[] = [
  {
    preference: "expiryAlerts",
    label: "Licence expiration alerts",
    description: "Alerts 30, 15 and 7 days before a licence expires.",
  },
  {
    preference: "assignmentAlerts",
    label: "Assignment changes",
    description: "When a licence is assigned to or removed from you.",
  },
];

const EXPORT_FORMATS: { label: string; icon: LucideIcon }[] = [
  { label: "CSV", icon: FileText },
  { label: "Excel", icon: FileSpreadsheet },
  { label: "PDF", icon: FileText },
];

export function SettingsPage() {
  const { isAdmin } = useAuth();
  const [preferences, setPreferences] = React.useState(DEFAULTS);
  const setPreference = (preference: Preference, checked: boolean) =>
    setPreferences((current) => ({ ...current, [preference]: checked }));

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Settings"
        description="These preferences are not saved yet: they last only while this page is open."
      />

      <SettingsCard
        icon={Shield}
        title="Security Settings"
        description="How sensitive information is shown to you."
      >
        <ToggleList toggles={SECURITY_TOGGLES} values={preferences} onChange={setPreference} />
      </SettingsCard>

      <SettingsCard
        icon={Bell}
        title="Notification Preferences"
        description="Which events you want to hear about."
      >
        <ToggleList toggles={NOTIFICATION_TOGGLES} values={preferences} onChange={setPreference} />
      </SettingsCard>

      <SettingsCard
        icon={Download}
        title="Data Export"
        description="Export is not available yet"
        contentClassName="flex flex-wrap gap-2"
      >
        {EXPORT_FORMATS.map(({ label, icon: Icon }) => (
          <Button key={label} variant="outline" disabled>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      </SettingsCard>

      {isAdmin && <CurrencyRatesCard />}
    </div>
  );
}

function SettingsCard({
  icon: Icon,
  title,
  description,
  contentClassName = "grid gap-4",
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** One switch a row, with a separator between rows. */
function ToggleList({
  toggles,
  values,
  onChange,
}: {
  toggles: Toggle[];
  values: Record<Preference, boolean>;
  onChange(preference: Preference, checked: boolean): void;
}) {
  return toggles.map(({ preference, label, description }, index) => (
    <React.Fragment key={preference}>
      {index > 0 && <Separator />}
      <FormField orientation="horizontal" label={label} description={description}>
        {(field) => (
          <Switch
            {...field}
            checked={values[preference]}
            onCheckedChange={(checked) => onChange(preference, checked)}
          />
        )}
      </FormField>
    </React.Fragment>
  ));
}
