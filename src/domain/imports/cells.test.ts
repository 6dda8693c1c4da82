// A choice cell takes the area's own values written any way, and the words other tools export
// for them (Snipe-IT's status labels); anything else is left as written for the form's schema to
// refuse by name.
import { describe, expect, it } from "vitest";
import { cellValue } from "./cells";
import { IMPORT_COLUMNS } from "./columns";

const hardwareStatus = IMPORT_COLUMNS.hardware.find((column) => column.field === "status")!;

describe("a hardware status cell", () => {
  it.each([
    ["active", "active"],
    ["Maintenance", "maintenance"],
    ["RETIRED", "retired"],
    ["Ready to Deploy", "active"],
    ["Deployed", "active"],
    ["Pending", "reserved"],
    ["Out for Diagnostics", "maintenance"],
    ["Out for Repair", "maintenance"],
    ["Archived", "retired"],
    ["Broken - Not Fixable", "retired"],
    ["Lost/Stolen", "retired"],
  ])("%s is %s", (cell, status) => {
    expect(cellValue(hardwareStatus, cell)).toEqual({ value: status });
  });

  it.each(["Borrowed", "constructor", "__proto__", "toString"])("%s is left as written", (cell) => {
    expect(cellValue(hardwareStatus, cell)).toEqual({ value: cell });
  });
});
