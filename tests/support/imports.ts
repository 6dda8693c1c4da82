// An import held mid-write in tests: the area's insert, once entered, waits until released, so a
// test can act while the import runs (a second import into the list, its progress). Undo the spy
// with vi.restoreAllMocks() after each test.
import { vi } from "vitest";
import type { ImportArea } from "../../src/domain/imports/columns";
import { importAreas } from "../../src/server/imports/areas";
import { heldCall } from "./held-call";

/** `started` settles once the import is writing; `release()` lets it go on. */
export function holdImportWrites(area: ImportArea) {
  const definition = importAreas[area];
  const realInsert = definition.insert;
  const held = heldCall();
  vi.spyOn(definition, "insert").mockImplementation(async (tx, batch, secrets, context) => {
    await held.pass();
    return realInsert(tx, batch, secrets, context);
  });
  return { started: held.started, release: held.release };
}
