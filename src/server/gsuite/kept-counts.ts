// Organizations and plans keep their number of accounts in a column that triggers on
// gsuite_accounts maintain (migration 0039). It is bookkeeping for the lists, not something a
// person changed: their activity records leave it out.
import type { ChangesOptions } from "../../domain/activity";

export const WITHOUT_KEPT_COUNTS: ChangesOptions = { ignore: ["accountCount"] };
