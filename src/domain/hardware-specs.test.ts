import { describe, expect, it } from "vitest";
import {
  formatSpecs,
  MAX_SPEC_NAME_LENGTH,
  MAX_SPEC_VALUE_LENGTH,
  MAX_SPECS,
  parseSpecs,
  SPEC_NAME_LENGTH_MESSAGE,
  SPEC_VALUE_LENGTH_MESSAGE,
  SPECS_COUNT_MESSAGE,
  specEntries,
  specValue,
} from "./hardware-specs";
import { NUL_MESSAGE } from "./schemas/common";
import { specsTextSchema } from "./schemas/hardware";

const specsOf = (text: string) => {
  const result = parseSpecs(text);
  if (!result.ok) throw new Error(result.message);
  return result.specs;
};
const problemOf = (text: string) => {
  const result = parseSpecs(text);
  return result.ok ? undefined : result.message;
};
const lines = (count: number) =>
  Array.from({ length: count }, (_, index) => `Spec ${index}: value`).join("\n");

describe("parseSpecs", () => {
  it("reads one Name: value per line, trimmed, skipping blank lines", () => {
    expect(specsOf("CPU: Apple M3\n\n   \n  RAM :  16 GB  \r\nOS:macOS\r")).toEqual({
      CPU: "Apple M3",
      RAM: "16 GB",
      OS: "macOS",
    });
  });

  it("is null for no text or only blank lines (no specs)", () => {
    expect(specsOf("")).toBeNull();
    expect(specsOf(" \n\t\n")).toBeNull();
  });

  it("splits at the first colon, so values keep theirs", () => {
    expect(specsOf("URL: http://host:8080/x\nWindow: 09:00-17:00")).toEqual({
      URL: "http://host:8080/x",
      Window: "09:00-17:00",
    });
  });

  it("keeps an empty value as empty text", () => {
    expect(specsOf("Colour:")).toEqual({ Colour: "" });
  });

  it("refuses a line without a colon or without a name, naming the line", () => {
    expect(problemOf("CPU: i7\n\nRAM 16 GB")).toBe("Line 3: write each spec as Name: value");
    expect(problemOf("CPU: i7\n  : 16 GB")).toBe("Line 2: the spec has no name");
  });

  it("refuses a name given twice (names are exact, as in JSON)", () => {
    expect(problemOf("RAM: 16 GB\nCPU: i7\n RAM : 32 GB")).toBe("Line 3: 'RAM' is given twice");
    expect(specsOf("RAM: 16 GB\nram: 32 GB")).toEqual({ RAM: "16 GB", ram: "32 GB" });
  });

  it("holds the API's limits at their edges", () => {
    expect(Object.keys(specsOf(lines(MAX_SPECS)) ?? {})).toHaveLength(MAX_SPECS);
    expect(problemOf(lines(MAX_SPECS + 1))).toBe(SPECS_COUNT_MESSAGE);
    // Blank lines do not count.
    expect(specsOf(`${lines(MAX_SPECS)}\n\n\n`)).not.toBeNull();

    const name = "n".repeat(MAX_SPEC_NAME_LENGTH);
    expect(specsOf(`${name}: x`)).toEqual({ [name]: "x" });
    expect(problemOf(`${name}n: x`)).toBe(`Line 1: ${SPEC_NAME_LENGTH_MESSAGE}`);

    const value = "v".repeat(MAX_SPEC_VALUE_LENGTH);
    expect(specsOf(`Notes: ${value}   `)).toEqual({ Notes: value });
    expect(problemOf(`A: b\nNotes: ${value}v`)).toBe(`Line 2: ${SPEC_VALUE_LENGTH_MESSAGE}`);
  });

  it("refuses what the server cannot take: NUL characters and the __proto__ name", () => {
    expect(problemOf("CPU: i\u00007")).toBe(NUL_MESSAGE);
    expect(problemOf("__proto__: x")).toBe("Line 1: '__proto__' cannot be a spec name");
    // Other names that look like Object's own stay plain data.
    const specs = specsOf("constructor: x\ntoString: y");
    expect(specs).toEqual({ constructor: "x", toString: "y" });
    expect(Object.getPrototypeOf(specs)).toBe(Object.prototype);
  });
});

describe("specValue: numbers as numbers, everything else as text", () => {
  it("reads plain numbers as numbers", () => {
    expect(specValue("16")).toBe(16);
    expect(specValue("0")).toBe(0);
    expect(specValue("2.5")).toBe(2.5);
    expect(specValue("-3")).toBe(-3);
    expect(specsOf("Cores: 8\nRAM: 16 GB")).toEqual({ Cores: 8, RAM: "16 GB" });
  });

  it("keeps anything that would not read back the same as text", () => {
    for (const text of [
      "007",
      "2.50",
      "1e3",
      "+9",
      "0x10",
      "-0",
      "1.",
      ".5",
      "16 GB",
      "Infinity",
    ]) {
      expect(specValue(text), text).toBe(text);
    }
    // Beyond a double's precision the digits would change: text.
    expect(specValue("12345678901234567890")).toBe("12345678901234567890");
    expect(specValue("")).toBe("");
  });
});

describe("formatSpecs", () => {
  it("writes one Name: value per line; nothing for no specs", () => {
    expect(formatSpecs({ CPU: "i7", Cores: 8, Clock: 2.5 })).toBe("CPU: i7\nCores: 8\nClock: 2.5");
    expect(formatSpecs(null)).toBe("");
    expect(formatSpecs(undefined)).toBe("");
    expect(formatSpecs({})).toBe("");
  });

  it("round-trips what the form writes, numbers and text alike", () => {
    const specs = {
      CPU: "Intel Core i7-1365U",
      RAM: "32 GB",
      Cores: 10,
      Ratio: 0.75,
      Serial: "007",
      URL: "http://host:8080",
      Empty: "",
    };
    expect(specsOf(formatSpecs(specs))).toEqual(specs);
    expect(formatSpecs(specsOf(formatSpecs(specs)))).toBe(formatSpecs(specs));
  });

  it("puts a value's line breaks (possible through the API) on one line", () => {
    expect(formatSpecs({ Notes: "first\r\n  second\nthird" })).toBe("Notes: first second third");
  });

  it("lists entries as text for display", () => {
    expect(specEntries({ RAM: "16 GB", Cores: 8 })).toEqual([
      ["RAM", "16 GB"],
      ["Cores", "8"],
    ]);
    expect(specEntries(null)).toEqual([]);
  });
});

describe("specsTextSchema (the dialogs' field)", () => {
  it("gives the specs, null for none, and the line's message as the field's error", () => {
    expect(specsTextSchema.parse("RAM: 16 GB")).toEqual({ RAM: "16 GB" });
    expect(specsTextSchema.parse("")).toBeNull();
    const result = specsTextSchema.safeParse("RAM");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Line 1: write each spec as Name: value",
    ]);
  });
});
