// User Details (spec part 2, 'Users'): who the person is and what they hold, by area.

import { AtSign, KeyRound, Laptop, Mail } from "lucide-react";
import type * as React from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import type { UserDto } from "@/domain/schemas/users";
import { useUserLicenses } from "./api";
import { RoleBadge, StatusBadge } from "./user-badges";

export interface UserDetailsDialogProps {
  user: UserDto | null;
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
            <Tabs defaultValue="licenses">
              <TabsList>
                <TabsTrigger value="hardware">Hardware</TabsTrigger>
                <TabsTrigger value="licenses">Software Licenses</TabsTrigger>
                <TabsTrigger value="accounts">Office Accounts</TabsTrigger>
                <TabsTrigger value="gsuite">G Suite</TabsTrigger>
              </TabsList>
              <TabsContent value="hardware">
                <EmptyState
                  icon={<Laptop />}
                  title="No hardware yet"
                  description="Hardware tracking arrives in a later release."
                />
              </TabsContent>
              <TabsContent value="licenses">
                <UserLicenses userId={user.id} />
              </TabsContent>
              <TabsContent value="accounts">
                <EmptyState
                  icon={<Mail />}
                  title="No office accounts yet"
                  description="Office accounts arrive in a later release."
                />
              </TabsContent>
              <TabsContent value="gsuite">
                <EmptyState
                  icon={<AtSign />}
                  title="No G Suite accounts yet"
                  description="G Suite accounts arrive in a later release."
                />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserLicenses({ userId }: { userId: number }) {
  const { data, isPending, isError, error } = useUserLicenses(userId);
  if (isPending) {
    return (
      <div className="grid gap-2 py-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  if (isError) {
    return (
      <EmptyState
        icon={<KeyRound />}
        title="Licenses could not be loaded"
        description={error.message}
      />
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState
        icon={<KeyRound />}
        title="No software licenses assigned"
        description="This user holds no license seats."
      />
    );
  }
  return (
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
            <TableCell className="capitalize">{license.licenseType.replace("-", " ")}</TableCell>
            <TableCell>{license.product}</TableCell>
            <TableCell>
              {license.renewalStatus === "auto" ? "Auto-renews" : (license.expiryDate ?? "—")}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
