// Settings (spec part 2, 'Settings'). The toggles are local to this page, as in the spec; exports
// are not built yet, so their buttons say so rather than pretending to export.
import { Bell, Download, FileSpreadsheet, FileText, Shield } from "lucide-react";
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

export function SettingsPage() {
  const [maskKeys, setMaskKeys] = React.useState(true);
  const [twoFactor, setTwoFactor] = React.useState(false);
  const [expiryAlerts, setExpiryAlerts] = React.useState(true);
  const [assignmentAlerts, setAssignmentAlerts] = React.useState(true);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Settings"
        description="These preferences are not saved yet: they last only while this page is open."
      />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Shield aria-hidden="true" className="size-5 text-primary" />
            Security Settings
          </CardTitle>
          <CardDescription>How sensitive information is shown to you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField
            orientation="horizontal"
            label="Mask licence keys"
            description="Show licence keys masked until you choose to reveal one."
          >
            {(field) => <Switch {...field} checked={maskKeys} onCheckedChange={setMaskKeys} />}
          </FormField>
          <Separator />
          <FormField
            orientation="horizontal"
            label="Enable two-factor authentication"
            description="Ask for a second step when signing in."
          >
            {(field) => <Switch {...field} checked={twoFactor} onCheckedChange={setTwoFactor} />}
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Bell aria-hidden="true" className="size-5 text-primary" />
            Notification Preferences
          </CardTitle>
          <CardDescription>Which events you want to hear about.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField
            orientation="horizontal"
            label="Licence expiration alerts"
            description="Alerts 30, 15 and 7 days before a licence expires."
          >
            {(field) => (
              <Switch {...field} checked={expiryAlerts} onCheckedChange={setExpiryAlerts} />
            )}
          </FormField>
          <Separator />
          <FormField
            orientation="horizontal"
            label="Assignment changes"
            description="When a licence is assigned to or removed from you."
          >
            {(field) => (
              <Switch {...field} checked={assignmentAlerts} onCheckedChange={setAssignmentAlerts} />
            )}
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Download aria-hidden="true" className="size-5 text-primary" />
            Data Export
          </CardTitle>
          <CardDescription>Export is not available yet</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button variant="outline" disabled>
            <FileText aria-hidden="true" />
            CSV
          </Button>
          <Button variant="outline" disabled>
            <FileSpreadsheet aria-hidden="true" />
            Excel
          </Button>
          <Button variant="outline" disabled>
            <FileText aria-hidden="true" />
            PDF
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
