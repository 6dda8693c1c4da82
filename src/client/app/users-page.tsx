// The Users page with each area's part of User Details wired in. The users feature knows no other
// area; app/ is the one place allowed to compose features (decision 0039), so the sections are
// chosen here. The router loads this file as the page's chunk.
import { AdminTwoFactorReset } from "@/client/features/account-security";
import { UserOfficeAccounts } from "@/client/features/accounts";
import { ItemHistoryRecords } from "@/client/features/activity";
import { UserGsuiteAccounts } from "@/client/features/gsuite";
import { UserHardware } from "@/client/features/hardware";
import { UserLicenses } from "@/client/features/licenses";
import type { UserDetailsSections } from "@/client/features/users/user-details-dialog";
import { UsersPage } from "@/client/features/users/users-page";

const USER_DETAILS_SECTIONS: UserDetailsSections = {
  accountActions: (user) => <AdminTwoFactorReset userId={user.id} username={user.username} />,
  tabs: [
    { value: "hardware", label: "Hardware", content: (user) => <UserHardware userId={user.id} /> },
    {
      value: "licenses",
      label: "Software Licenses",
      content: (user) => <UserLicenses userId={user.id} />,
    },
    {
      value: "accounts",
      label: "Office Accounts",
      content: (user) => <UserOfficeAccounts userId={user.id} />,
    },
    {
      value: "gsuite",
      label: "G Suite",
      content: (user) => <UserGsuiteAccounts userId={user.id} />,
    },
    {
      value: "history",
      label: "History",
      content: (user) => <ItemHistoryRecords area="users" itemId={user.id} />,
    },
  ],
  defaultTab: "licenses",
};

export function UsersPageWithDetails() {
  return <UsersPage detailsSections={USER_DETAILS_SECTIONS} />;
}
