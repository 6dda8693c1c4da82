// The suggested mapping of a file's columns: own names first, synonyms after, one column per
// field; the person's choices kept; Snipe-IT's sample headers (sample_csvs/ in its repository)
// each land on the field that holds their meaning.
import { describe, expect, it } from "vitest";
import { recordToInput } from "./cells";
import { IMPORT_COLUMNS } from "./columns";
import { columnNames, mapColumns } from "./mapping";

const fieldsOf = (area: Parameters<typeof mapColumns>[0], header: string[]) =>
  Object.fromEntries(mapColumns(area, header).map(({ column, field }) => [column, field]));

describe("mapColumns", () => {
  it("maps Snipe-IT's licenses-sample.csv header", () => {
    expect(
      fieldsOf("licenses", [
        "Full Name",
        "Email",
        "Username",
        "Item name",
        "serial number",
        "Category",
        "manufacturer",
        "purchase date",
        "purchase cost",
        "purchase order",
        "order number",
        "Licensed To Name",
        "Licensed to Email",
        "expiration date",
        "maintained",
        "reassignable",
        "seats",
        "company",
        "supplier",
        "notes",
      ]),
    ).toEqual({
      "Full Name": null,
      Email: null,
      Username: "username",
      "Item name": "name",
      "serial number": "licenseKey",
      Category: null,
      manufacturer: null,
      "purchase date": "purchaseDate",
      "purchase cost": "paymentAmount",
      // 'order number' names the order better; the purchase order is left out.
      "purchase order": null,
      "order number": "orderId",
      "Licensed To Name": null,
      // The area's own 'Username' column is there, and wins.
      "Licensed to Email": null,
      "expiration date": "expiryDate",
      maintained: null,
      reassignable: null,
      seats: "totalSeats",
      company: null,
      supplier: null,
      notes: "notes",
    });
  });

  it("maps a low-seat threshold by our header or Snipe-IT's minimum quantity", () => {
    expect(fieldsOf("licenses", ["Low-Seat Threshold"])).toEqual({
      "Low-Seat Threshold": "lowSeatThreshold",
    });
    expect(fieldsOf("licenses", ["Min. QTY"])).toEqual({ "Min. QTY": "lowSeatThreshold" });
  });

  it("maps Snipe-IT's assets-sample.csv and accessories-sample.csv headers", () => {
    const assets = fieldsOf("hardware", [
      "Company",
      "Name",
      "Asset Tag",
      "Category",
      "Supplier",
      "Manufacturer",
      "Location",
      "Order Number",
      "Model",
      "Model Notes",
      "Model Number",
      "Asset Notes",
      "Purchase Date",
      "Purchase Cost",
      "Checkout Type",
      "Checked Out To: Username",
      "Checked Out To: First Name",
      "Checked Out To: Last Name",
      "Checked Out To: Email",
      "Checked Out To: Location",
      "Asset EOL Date",
    ]);
    expect(Object.fromEntries(Object.entries(assets).filter(([, field]) => field))).toEqual({
      Name: "name",
      "Asset Tag": "identifier",
      Category: "category",
      Location: "location",
      "Asset Notes": "notes",
      "Purchase Date": "purchaseDate",
    });
    const accessories = fieldsOf("hardware", [
      "Company",
      "Name",
      "Category",
      "Supplier",
      "Manufacturer",
      "QTY",
      "Location",
      "Order Number",
      "Min Amount",
      "Model Number",
      "Notes",
      "Purchase Date",
      "Purchase Cost",
    ]);
    expect(Object.fromEntries(Object.entries(accessories).filter(([, field]) => field))).toEqual({
      Name: "name",
      Category: "category",
      Location: "location",
      "Model Number": "identifier",
      Notes: "notes",
      "Purchase Date": "purchaseDate",
    });
  });

  it("maps Snipe-IT's users-sample.csv header, names in two parts and Activated", () => {
    const users = fieldsOf("users", [
      "First Name",
      "Last Name",
      "Email",
      "Username",
      "Activated",
      "Location",
      "Job Title",
      "Notes",
      "Manager",
      "Remote",
      "VIP",
    ]);
    expect(Object.fromEntries(Object.entries(users).filter(([, field]) => field))).toEqual({
      "First Name": "firstName",
      "Last Name": "lastName",
      Email: "email",
      Username: "username",
      Activated: "isActive",
    });
  });

  it("reads headers loosely and gives each field to its best-named column", () => {
    expect(fieldsOf("hardware", ["serial", "SERIAL_NUMBER", "asset-tag", "model", "Name"])).toEqual(
      {
        serial: "identifier",
        SERIAL_NUMBER: null,
        "asset-tag": null,
        model: null,
        Name: "name",
      },
    );
  });

  it("keeps the person's choices and suggests only around them", () => {
    expect(mapColumns("licenses", ["Name", "Key", "Seats"], { Name: null, Key: "name" })).toEqual([
      { column: "Name", field: null, suggested: false },
      { column: "Key", field: "name", suggested: false },
      { column: "Seats", field: "totalSeats", suggested: true },
    ]);
  });
});

describe("columnNames", () => {
  it("names blank and repeated headers so a mapping can tell them apart", () => {
    expect(columnNames(["Name", "", " Name ", "Notes"])).toEqual([
      "Name",
      "Column 2",
      "Name (column 3)",
      "Notes",
    ]);
  });
});

describe("the extra fields", () => {
  const users = IMPORT_COLUMNS.users;
  const hardware = IMPORT_COLUMNS.hardware;
  const at = (fields: string[]) => new Map(fields.map((field, index) => [field, index]));

  it("join First Name and Last Name into the full name, unless the file has one", () => {
    expect(
      recordToInput(users, at(["username", "firstName", "lastName"]), ["rt", "Reagen", "Tenant"])
        .input,
    ).toEqual({ username: "rt", fullName: "Reagen Tenant" });
    expect(recordToInput(users, at(["firstName", "lastName"]), ["", "Tenant"]).input).toEqual({
      fullName: "Tenant",
    });
    expect(
      recordToInput(users, at(["fullName", "firstName"]), ["R. Tenant", "Reagen"]).input,
    ).toEqual({ fullName: "R. Tenant" });
  });

  it("take a category that names a type as the type, and keep any other in the specs", () => {
    expect(recordToInput(hardware, at(["category"]), ["Laptops"]).input).toEqual({
      type: "laptop",
    });
    expect(recordToInput(hardware, at(["category"]), ["Mobile Phones"]).input).toEqual({
      type: "phone",
    });
    expect(recordToInput(hardware, at(["category"]), ["Roofing (Metal)"]).input).toEqual({
      type: "other",
      specs: { Category: "Roofing (Metal)" },
    });
    expect(recordToInput(hardware, at(["type", "category"]), ["monitor", "Screens"]).input).toEqual(
      {
        type: "monitor",
        specs: { Category: "Screens" },
      },
    );
  });
});
