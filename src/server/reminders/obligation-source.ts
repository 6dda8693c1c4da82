// The obligations the reminder pass reads: the one list every dated commitment comes from
// (server/obligations), all of it, since the pass itself decides who hears of what.
import { listObligations } from "../obligations/read-service";
import type { ObligationSource } from "./plan";

export const reminderObligations: ObligationSource = (db, range) =>
  listObligations(db, range, "all");
