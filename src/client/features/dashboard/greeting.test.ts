import { describe, expect, it } from "vitest";
import { greetingForHour } from "./greeting";
import { type QuickAction, quickActionsFor } from "./quick-actions";

describe("greetingForHour", () => {
  it("says good morning before 12:00", () => {
    expect(greetingForHour(0)).toBe("Good morning");
    expect(greetingForHour(11)).toBe("Good morning");
  });
  it("says good afternoon from 12:00 until before 18:00", () => {
    expect(greetingForHour(12)).toBe("Good afternoon");
    expect(greetingForHour(17)).toBe("Good afternoon");
  });
  it("says good evening from 18:00", () => {
    expect(greetingForHour(18)).toBe("Good evening");
    expect(greetingForHour(23)).toBe("Good evening");
  });
});

const targetOf = (action: QuickAction) => ("to" in action ? action.to : `dialog:${action.opens}`);

describe("quickActionsFor", () => {
  it("gives administrators the management actions", () => {
    expect(quickActionsFor(true).map((action) => [action.label, targetOf(action)])).toEqual([
      ["Add Hardware", "/hardware"],
      ["Add License", "/licenses"],
      ["Add Account", "/accounts"],
      ["Add User", "/users"],
      ["Assign Hardware", "dialog:assign-hardware"],
      ["Assign License", "/assignments"],
    ]);
  });
  it("gives ordinary users their own views and the hardware request", () => {
    expect(quickActionsFor(false).map((action) => [action.label, targetOf(action)])).toEqual([
      ["View My Licenses", "/licenses"],
      ["View My Hardware", "/hardware"],
      ["Office Accounts", "/accounts"],
      ["Settings", "/settings"],
      ["Request Hardware", "/hardware?openRequestModal=true"],
    ]);
  });
});
