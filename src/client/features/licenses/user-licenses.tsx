// The User Details dialog's Software Licenses tab: the licenses one user holds a seat of
// (administrators only; the server answers GET /api/users/:id/licenses).
import { KeyRound } from "lucide-react";
import { HoldingsList } from "@/client/components/holdings-list";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatCalendarDate, formatLicenseType } from "@/client/lib/format";
import { useUserLicenses } from "./api";

export function UserLicenses({ userId }: { userId: number }) {
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
