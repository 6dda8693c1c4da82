// How far the running import of each area has got, kept in this process: the rows are written
// inside one transaction, whose progress no other connection can see, so a count in the database
// would read 0 until the end. The client polls the instance it uploaded to; another instance
// answers from the claim row alone (running, no count). In-process by design (decision 0023).
import type { ImportArea } from "../../domain/imports/columns";
import type { ImportProgressResponse } from "../../domain/schemas/imports";
import type { Db } from "../db/client";

type Phase = NonNullable<ImportProgressResponse["phase"]>;
type Progress = { phase: Phase; processed: number; total: number };

// Per database handle, i.e. per application instance.
const current = new WeakMap<Db, Map<ImportArea, Progress>>();
const progressMap = (db: Db) => {
  let map = current.get(db);
  if (!map) {
    map = new Map<ImportArea, Progress>();
    current.set(db, map);
  }
  return map;
};

export function reportProgress(db: Db, area: ImportArea, progress: Progress) {
  progressMap(db).set(area, progress);
}

export function clearProgress(db: Db, area: ImportArea) {
  progressMap(db).delete(area);
}

export function progressOf(db: Db, area: ImportArea): Progress | undefined {
  return progressMap(db).get(area);
}
