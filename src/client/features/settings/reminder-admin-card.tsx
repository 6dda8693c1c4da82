// E-mail Reminders, for administrators: the days before each kind of obligation that reminders go
// out, and how delivery is going.
import { Mail } from "lucide-react";
import { LoadFailed } from "@/client/components/load-failed";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Separator } from "@/client/components/ui/separator";
import { Skeleton } from "@/client/components/ui/skeleton";
import { ReminderDeliveryStatus } from "./reminder-delivery-status";
import { ReminderOffsetsTable } from "./reminder-offsets-table";
import { useReminderOffsets } from "./reminders-api";

export function ReminderAdminCard() {
  const offsets = useReminderOffsets();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-5 text-primary" />
          E-mail Reminders
        </CardTitle>
        <CardDescription>
          How many days before each date reminders are mailed, to administrators and to the people
          an item is assigned to.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {offsets.isError ? (
          <LoadFailed what="reminder days" query={offsets} />
        ) : offsets.data ? (
          <ReminderOffsetsTable offsets={offsets.data.offsets} />
        ) : (
          <Skeleton className="h-48 w-full" aria-label="Loading reminder days" />
        )}
        <Separator />
        <h3 className="font-medium">Reminder delivery</h3>
        <ReminderDeliveryStatus />
      </CardContent>
    </Card>
  );
}
