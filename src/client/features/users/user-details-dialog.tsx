// User Details (spec part 2, 'Users'): who the person is, offboarding, and what they hold, by
// area. The users feature draws the frame and knows no other area: each area's section comes from
// that area's feature, wired in by src/client/app/users-page.tsx, since app/ is the one place
// allowed to compose features.

import type * as React from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import type { UserResponse } from "@/domain/schemas/users";
import { OffboardUser } from "./offboard-dialog";
import { RoleBadge, StatusBadge } from "./user-badges";

/** One area's tab: what the person holds there, or their history. */
export interface UserDetailsTab {
  value: string;
  label: string;
  content(user: UserResponse): React.ReactNode;
}

/** What the other areas show in User Details. */
export interface UserDetailsSections {
  /** Shown under the person's details, before offboarding (the second-factor reset). */
  accountActions(user: UserResponse): React.ReactNode;
  /** In the order the spec lists them. */
  tabs: readonly UserDetailsTab[];
  /** The tab open first. */
  defaultTab: string;
}

export interface UserDetailsDialogProps {
  user: UserResponse | null;
  onOpenChange: (open: boolean) => void;
  sections: UserDetailsSections;
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium">{value}</dd>
    </div>
  );
}

export function UserDetailsDialog({ user, onOpenChange, sections }: UserDetailsDialogProps) {
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
            {sections.accountActions(user)}
            <OffboardUser user={user} />
            <Tabs defaultValue={sections.defaultTab}>
              <TabsList>
                {sections.tabs.map((tab) => (
                  <TabsTrigger key={tab.value} value={tab.value}>
                    {tab.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {sections.tabs.map((tab) => (
                <TabsContent key={tab.value} value={tab.value}>
                  {tab.content(user)}
                </TabsContent>
              ))}
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
