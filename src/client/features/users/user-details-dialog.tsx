// User Details (spec part 2, 'Users'): who the person is and what they hold, by area.

import { KeyRound } from "lucide-react";
import type * as React from "react";
import { HoldingsList } from "@/client/components/holdings-list";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { AdminTwoFactorReset } from "@/client/features/account-security";
import { UserOfficeAccounts } from "@/client/features/accounts";
import { ItemHistoryRecords } from "@/client/features/activity";
import { UserGsuiteAccounts } from "@/client/features/gsuite";
import { UserHardware } from "@/client/features/hardware";
import { formatCalendarDate, formatLicenseType } from "@/client/lib/format";
import type { UserResponse } from "@/domain/schemas/users";
import { useUserLicenses } from "./api";
import { OffboardUser } from "./offboard-dialog";
import { RoleBadge, StatusBadge } from "./user-badges";

export interface UserDetailsDialogProps {
  user: UserResponse | null;
  onOpenChange: (open: boolean) => void;
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium">{value}</dd>
    </div>
  );
}

export function UserDetailsDialog({ user, onOpenChange }: UserDetailsDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>User Details</DialogTitle>
          <DialogDescription>
            {user ? `${user.displayName} (${user.username})` : ""}
          </DialogDescription>
        </DialogHeader>
        {user && (
          <>
            <dl className="grid grid-cols-2 gap-4 rounded-lg border bg-muted/30 p-4 sm:grid-cols-3">
              <Detail label="Username" value={user.username} />
              <Detail label="Name" value={user.fullName || "—"} />
              <Detail label="Email" value={user.email || "—"} />
              <Detail label="Department" value={user.department || "—"} />
              <Detail label="Role" value={<RoleBadge isAdmin={user.isAdmin} />} />
              <Detail label="Status" value={<StatusBadge isActive={user.isActive} />} />
            </dl>
            <AdminTwoFactorReset userId={user.id} username={user.username} />
            <OffboardUser user={user} />
            <Tabs defaultValue="licenses">
              <TabsList>
                <TabsTrigger value="hardware">Hardware</TabsTrigger>
                <TabsTrigger value="licenses">Software Licenses</TabsTrigger>
                <TabsTrigger value="accounts">Office Accounts</TabsTrigger>
                <TabsTrigger value="gsuite">G Suite</TabsTrigger>
                <TabsTrigger value="history">History</TabsTrigger>
              </TabsList>
              <TabsContent value="hardware">
                <UserHardware userId={user.id} />
              </TabsContent>
              <TabsContent value="licenses">
                <UserLicenses userId={user.id} />
              </TabsContent>
              <TabsContent value="accounts">
                <UserOfficeAccounts userId={user.id} />
              </TabsContent>
              <TabsContent value="gsuite">
                <UserGsuiteAccounts userId={user.id} />
              </TabsContent>
              <TabsContent value="history">
                <ItemHistoryRecords area="users" itemId={user.id} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserLicenses({ userId }: { userId: number }) {
  const query = useUserLicenses(userId);
  return (
    <HoldingsList
      query={query}
      icon={<KeyRound />}
      failedTitle="Licenses could not be loaded"
      emptyTitle="No software licenses assigned"
      emptyDescription="This user holds no license seats."
    >
      {(data) => (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Product</TableHead>
              <TableHead>Expiry Date</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((license) => (
              <TableRow key={license.id}>
                <TableCell className="font-medium">{license.name}</TableCell>
                <TableCell>{formatLicenseType(license.licenseType)}</TableCell>
                <TableCell>{license.product}</TableCell>
                <TableCell>
                  {license.renewalStatus === "auto"
                    ? "Auto-renews"
                    : formatCalendarDate(license.expiryDate)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </HoldingsList>
  );
}
