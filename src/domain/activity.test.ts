import { describe, expect, it } from "vitest";
import { changesBetween, SECRET_PLACEHOLDER } from "./activity";

describe("changesBetween", () => {
  it("keeps only the fields that differ, with both values", () => {
    expect(
      changesBetween(
        { id: 1, name: "Figma", seats: 5, notes: null },
        { id: 1, name: "Figma Pro", seats: 5, notes: "upgraded" },
      ),
    ).toEqual({
      name: { before: "Figma", after: "Figma Pro" },
      notes: { before: null, after: "upgraded" },
    });
  });

  it("returns null when nothing changed", () => {
    expect(changesBetween({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toBeNull();
  });

  it("reads a created row as changes from null and a deleted one as changes to null", () => {
    expect(changesBetween(null, { name: "Figma", notes: null })).toEqual({
      name: { before: null, after: "Figma" },
    });
    expect(changesBetween({ name: "Figma" }, null)).toEqual({
      name: { before: "Figma", after: null },
    });
  });

  it("compares dates by instant and records them as ISO text", () => {
    const at = "2026-11-24T10:00:00.000Z";
    expect(changesBetween({ seenAt: new Date(at) }, { seenAt: new Date(at) })).toBeNull();
    expect(changesBetween({ seenAt: null }, { seenAt: new Date(at) })).toEqual({
      seenAt: { before: null, after: at },
    });
  });

  it("compares JSON values by content", () => {
    expect(changesBetween({ specs: { ram: "16 GB" } }, { specs: { ram: "16 GB" } })).toBeNull();
    expect(changesBetween({ specs: { ram: "16 GB" } }, { specs: { ram: "32 GB" } })).toEqual({
      specs: { before: { ram: "16 GB" }, after: { ram: "32 GB" } },
    });
  });

  it("leaves out createdAt, updatedAt and the fields asked to be ignored", () => {
    expect(
      changesBetween(
        { name: "a", updatedAt: new Date(1), createdAt: new Date(1), keyTokens: ["x"] },
        { name: "a", updatedAt: new Date(2), createdAt: new Date(2), keyTokens: ["y"] },
        { ignore: ["keyTokens"] },
      ),
    ).toBeNull();
  });

  it("never carries a secret's value, not even a part of it", () => {
    const changes = changesBetween(
      { name: "Figma", licenseKey: "AAAA-BBBB-1234" },
      { name: "Figma", licenseKey: "CCCC-DDDD-5678" },
      { secretFields: ["licenseKey"] },
    );
    expect(changes).toEqual({
      licenseKey: { before: SECRET_PLACEHOLDER, after: SECRET_PLACEHOLDER },
    });
    const text = JSON.stringify(changes);
    for (const piece of ["1234", "5678", "AAAA", "CCCC"]) expect(text).not.toContain(piece);
  });

  it("says when a secret was set or cleared, and skips an unchanged one", () => {
    const options = { secretFields: ["password"] };
    expect(changesBetween({ password: null }, { password: "hunter2" }, options)).toEqual({
      password: { before: null, after: SECRET_PLACEHOLDER },
    });
    expect(changesBetween({ password: "hunter2" }, { password: "" }, options)).toEqual({
      password: { before: SECRET_PLACEHOLDER, after: null },
    });
    expect(changesBetween({ password: "same" }, { password: "same" }, options)).toBeNull();
  });
});
