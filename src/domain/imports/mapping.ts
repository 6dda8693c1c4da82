// Which field each column of a file goes to: suggested from the header (the area's own names, common
// synonyms, and the column names of Snipe-IT's exports and sample files), changed by the person in
// the Import dialog, remembered per area. Pure and shared by the dialog and the server.
//
// Snipe-IT's names come from its repository's sample_csvs/ (licenses-sample.csv, assets-sample.csv,
// accessories-sample.csv, users-sample.csv) and its exports: 'Item name', 'serial number', 'seats',
// 'purchase cost', 'expiration date', 'Asset Tag', 'Model Number', 'Category', 'Activated'...
import { IMPORT_COLUMNS, type ImportArea, type ImportColumn, normalizeHeader } from "./columns";

/** Other names of a field, best first; the area's header and field name come before them all. */
const SYNONYMS: Record<ImportArea, Record<string, readonly string[]>> = {
  licenses: {
    name: ["Item Name", "License Name", "Software", "Software Name", "Title"],
    licenseType: ["Type"],
    licenseKey: [
      "Product Key",
      "Serial",
      "Serial Number",
      "Serial / Product Key",
      "Key",
      "Licence Key",
      "Activation Key",
    ],
    username: ["Licensed To Email", "License Email", "Login"],
    orderId: ["Order Number", "Order", "Order No", "Purchase Order", "PO Number"],
    product: ["Product Name"],
    totalSeats: ["Seats", "Seat Count", "Quantity", "QTY"],
    // Snipe-IT's licenses alert below a minimum quantity ("Min. QTY", min_amt) too.
    lowSeatThreshold: ["Low Seat Threshold", "Min QTY", "Min Amt", "Minimum Quantity"],
    purchaseDate: ["Purchased", "Order Date"],
    expiryDate: ["Expiration Date", "Expiration", "Expires", "Expiry", "Expires On", "End Date"],
    paymentAmount: ["Purchase Cost", "Cost", "Price", "Amount"],
    paymentCurrency: ["Currency"],
    paymentFrequency: ["Frequency", "Billing Cycle", "Billing Frequency"],
    autoRenew: ["Auto Renewal", "Renews Automatically"],
    renewalStatus: ["Renewal"],
    notes: ["Note", "Comments", "Description"],
  },
  hardware: {
    name: ["Item Name", "Asset Name", "Device Name", "Model Name", "Model"],
    type: ["Hardware Type", "Device Type", "Asset Type"],
    identifier: [
      "Serial",
      "Serial Number",
      "Serial No",
      "Identifier",
      "Asset Tag",
      "Service Tag",
      "Tag",
      // Accessories have no serial or tag in Snipe-IT; the model number is what tells them apart.
      "Model Number",
    ],
    location: ["Site", "Office", "Room"],
    status: ["Status Label", "State"],
    purchaseDate: ["Purchased", "Order Date"],
    warrantyExpiry: [
      "Warranty Expires",
      "Warranty Expiration",
      "Warranty End",
      "Warranty End Date",
    ],
    pcName: ["Computer Name", "Hostname", "Host Name", "Machine Name"],
    specs: ["Specs", "Specification"],
    notes: ["Asset Notes", "Note", "Comments", "Description"],
    category: ["Asset Category", "Device Category"],
  },
  users: {
    username: ["User Name", "Login", "Login Name", "User ID", "sAMAccountName"],
    fullName: ["Name", "Display Name", "Employee Name"],
    email: ["E-mail", "Email Address", "Mail"],
    department: ["Dept", "Division"],
    role: ["User Role", "Access Level"],
    isActive: ["Activated", "Is Active", "Enabled", "Status"],
    firstName: ["Given Name", "Forename", "First"],
    lastName: ["Surname", "Family Name", "Last"],
  },
  directories: {
    name: ["Directory", "Directory Name", "Listing", "Listing Name"],
    url: ["Website", "Link", "Web Address"],
    location: ["City", "Region"],
    paymentAmount: ["Amount", "Cost", "Price", "Fee"],
    paymentCurrency: ["Currency"],
    paymentFrequencyMonths: ["Payment Frequency", "Frequency", "Months"],
    isOneTime: ["One Time", "Once"],
    isCancelled: ["Canceled"],
    nextPaymentDate: ["Next Payment", "Due Date", "Renewal Date"],
    lastPaymentDate: ["Last Payment", "Paid On"],
    notes: ["Note", "Comments", "Description"],
  },
  accounts: {
    email: ["E-mail", "Email Address", "Account", "Login", "Username"],
    password: ["Pass", "Pwd"],
    provider: ["Service", "Platform"],
    paymentDetails: ["Card"],
    renewalDate: ["Renews", "Renewal", "Expiry Date", "Expiration Date"],
    paymentAmount: ["Amount", "Cost", "Price"],
    paymentCurrency: ["Currency"],
    notes: ["Note", "Comments", "Description"],
  },
  // Snipe-IT's licenses file gives each seat's license as 'Item name' and its person as
  // 'Username' and 'Email' (the username, unique, is the better name).
  seats: {
    license: ["Item Name", "License Name", "Licence", "Licence Name", "Software", "Software Name"],
    user: [
      "Username",
      "User Name",
      "Email",
      "E-mail",
      "Email Address",
      "User Email",
      "Login",
      "Assigned To",
      "Checked Out To",
      "Assignee",
    ],
    assignedDate: ["Assigned", "Assignment Date", "Date Assigned", "Checkout Date", "Checked Out"],
    notes: ["Note", "Comments", "Description"],
  },
  "account-assignments": {
    account: ["Account Email", "Office Account", "Mailbox", "Email", "E-mail", "Email Address"],
    user: ["Username", "User Name", "User Email", "Login", "Person", "Employee"],
    assignedTo: ["Assignee", "Name", "Full Name", "Display Name"],
    deviceName: ["Device", "Computer Name", "PC Name", "Hostname", "Host Name", "Machine Name"],
    assignedDate: ["Assigned", "Assignment Date", "Date Assigned"],
    notes: ["Note", "Comments", "Description"],
  },
  "gsuite-organizations": {
    name: ["Organization", "Organization Name", "Organisation", "Organisation Name", "Company"],
    domain: ["Domain Name", "Primary Domain", "Website"],
    description: ["Notes", "Note", "Comments"],
  },
  "gsuite-plans": {
    name: ["Plan", "Plan Name", "Plan Type", "Edition", "SKU Name", "Product Name"],
    basePrice: ["Price", "Cost", "Amount", "Price Per User", "Monthly Price"],
    currency: ["Payment Currency"],
    billingCycle: ["Billing Cycle", "Frequency", "Payment Frequency", "Billing"],
    description: ["Notes", "Note", "Comments"],
  },
  "gsuite-accounts": {
    email: ["E-mail", "Email Address", "Primary Email", "Account", "User Email", "Username"],
    password: ["Pass", "Pwd"],
    organization: ["Organisation", "Organization Name", "Domain", "Org"],
    planType: ["Plan", "Plan Name", "License", "Licence", "SKU Name", "Product Name", "Edition"],
    price: ["Cost", "Amount", "Payment Amount"],
    paymentCurrency: ["Payment Currency"],
    paymentFrequency: ["Payment Frequency", "Billing Frequency", "Billing Cycle"],
    status: ["Account Status", "State"],
    notes: ["Note", "Comments", "Description"],
  },
  "trust-reviews": {
    clientName: ["Client Name", "Customer", "Customer Name", "Company"],
    license: ["License Name", "Licence", "Licence Name", "Software"],
    domain: ["Website", "Client Domain", "URL"],
    assignedDate: ["Assigned", "Start Date", "Date Assigned"],
    clientPaymentAmount: ["Amount", "Client Payment Amount", "Price", "Fee"],
    clientPaymentCurrency: ["Payment Currency", "Client Payment Currency"],
    paymentFrequency: ["Frequency", "Billing Frequency", "Billing Cycle"],
    lastPaymentDate: ["Last Payment", "Paid On"],
    nextPaymentDate: ["Next Payment", "Due Date"],
    isActive: ["Status", "Is Active", "Enabled"],
    cancellationRequestDate: ["Cancellation Date", "Cancelled On"],
    approvalStatus: ["Approval Status", "Approved"],
    notes: ["Note", "Comments", "Description"],
  },
};

/** The fields a column of the area's file may go to (the template's, then the extra ones). */
export const mappableColumns = (area: ImportArea): readonly ImportColumn[] => IMPORT_COLUMNS[area];

export const isMappableField = (area: ImportArea, field: string) =>
  IMPORT_COLUMNS[area].some((column) => column.field === field);

/** One column of the file, the field it goes to (null: ignored), and whether it was suggested. */
export interface ColumnMapping {
  column: string;
  field: string | null;
  suggested: boolean;
}

/** A file's header cells as names a mapping can use: blank → 'Column 3', repeated → 'X (column 4)'. */
export function columnNames(header: readonly string[]): string[] {
  const seen = new Set<string>();
  return header.map((cell, index) => {
    const text = cell.trim();
    let name = text === "" ? `Column ${index + 1}` : text;
    if (seen.has(name)) name = `${name} (column ${index + 1})`;
    seen.add(name);
    return name;
  });
}

/** How well a header names each field: 0 = its header, 1 = its field name, 2+ = a synonym. */
function rankings(area: ImportArea): Map<string, { field: string; rank: number }> {
  const ranked = new Map<string, { field: string; rank: number }>();
  const add = (name: string, field: string, rank: number) => {
    const key = normalizeHeader(name);
    const known = ranked.get(key);
    if (key !== "" && (!known || known.rank > rank)) ranked.set(key, { field, rank });
  };
  for (const column of IMPORT_COLUMNS[area]) {
    add(column.header, column.field, 0);
    add(column.field, column.field, 1);
  }
  for (const [field, names] of Object.entries(SYNONYMS[area])) {
    names.forEach((name, index) => {
      add(name, field, 2 + index);
    });
  }
  return ranked;
}

const rankingsByArea = new Map<ImportArea, ReturnType<typeof rankings>>();

/**
 * The mapping of a file's columns: `chosen` first (the person's choices, by column name), then for
 * every other column the field its header names best, each field taken by one column at most
 * (the better name wins, then the column further left).
 */
export function mapColumns(
  area: ImportArea,
  columns: readonly string[],
  chosen: Readonly<Record<string, string | null>> = {},
): ColumnMapping[] {
  let ranked = rankingsByArea.get(area);
  if (!ranked) {
    ranked = rankings(area);
    rankingsByArea.set(area, ranked);
  }
  const taken = new Set(Object.values(chosen).filter((field): field is string => field !== null));
  const result: ColumnMapping[] = columns.map((column) =>
    Object.hasOwn(chosen, column)
      ? { column, field: chosen[column] ?? null, suggested: false }
      : { column, field: null, suggested: true },
  );
  const candidates = result
    .map((entry, position) => ({
      entry,
      position,
      match: ranked.get(normalizeHeader(entry.column)),
    }))
    .filter((candidate) => candidate.entry.suggested && candidate.match)
    .sort((a, b) => a.match!.rank - b.match!.rank || a.position - b.position);
  for (const { entry, match } of candidates) {
    if (taken.has(match!.field)) continue;
    taken.add(match!.field);
    entry.field = match!.field;
  }
  return result;
}
