// The Quick Actions tab: the actions by role (quick-actions.ts) as buttons that go to a screen or
// open 'Assign Hardware Item' here. Loaded when the tab is first opened, so its icons stay out of
// the dashboard's first load; the dialog's code comes on the first click.
import {
  ClipboardList,
  KeyRound,
  Laptop,
  Mail,
  PackagePlus,
  Settings,
  UserPlus,
} from "lucide-react";
import type * as React from "react";
import { Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { AssignHardwareDialog } from "@/client/features/hardware";
import { quickActionsFor } from "./quick-actions";

const QUICK_ACTION_ICONS: Record<string, React.ReactNode> = {
  "Add Hardware": <PackagePlus />,
  "Add License": <KeyRound />,
  "Add Account": <Mail />,
  "Add User": <UserPlus />,
  "Assign Hardware": <Laptop />,
  "Assign License": <ClipboardList />,
  "View My Licenses": <KeyRound />,
  "View My Hardware": <Laptop />,
  "Office Accounts": <Mail />,
  Settings: <Settings />,
  "Request Hardware": <PackagePlus />,
};

export function QuickActions({ isAdmin }: { isAdmin: boolean }) {
  const navigate = useNavigate();
  const [assigning, setAssigning] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Jump straight to common tasks.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {quickActionsFor(isAdmin).map((action) => (
          <Button
            key={action.label}
            variant="outline"
            className="h-auto justify-start gap-3 py-3 [&_svg]:size-5 [&_svg]:text-primary"
            onClick={() => ("to" in action ? navigate(action.to) : setAssigning(true))}
          >
            {QUICK_ACTION_ICONS[action.label]}
            {action.label}
          </Button>
        ))}
      </CardContent>
      {assigning && (
        <Suspense fallback={null}>
          <AssignHardwareDialog onOpenChange={setAssigning} />
        </Suspense>
      )}
    </Card>
  );
}
