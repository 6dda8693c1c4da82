// Extra sections of `npm run bench`. A section gets the running server (seeded at the chosen
// size) and two signed-in cookies, and returns the lines it wants printed. Register a new one in
// `extraSections` below (e.g. the first-load figures of scripts/bench/first-load.ts).

import { accountsSection } from "./accounts-section";
import { directoriesSection } from "./directories-section";
import { expensesSection } from "./expenses-section";
import { exportSection } from "./export-section";
import { feedSection } from "./feed-section";
import { firstLoadSection } from "./first-load";
import { gsuiteSection } from "./gsuite-section";
import { hardwareSection } from "./hardware";
import { hostingSection } from "./hosting-section";

export interface BenchContext {
  /** Base URL of the real application, e.g. http://127.0.0.1:41234 */
  appUrl: string;
  /** `qm_session=...` of the administrator bench0 and of the ordinary user bench1. */
  adminCookie: string;
  userCookie: string;
  /** "pglite" or "postgres". */
  databaseKind: string;
  counts: { licenses: number; assignments: number; users: number };
}

export interface BenchSection {
  title: string;
  run(context: BenchContext): Promise<string[]>;
}

// Opt-in sections seed their own large data sets: `npm run bench -- --hardware`.
const optIn = (flag: string) => process.argv.includes(`--${flag}`);

export const extraSections: BenchSection[] = [
  firstLoadSection,
  accountsSection,
  ...(optIn("hardware") ? [hardwareSection] : []),
  gsuiteSection,
  directoriesSection,
  hostingSection,
  expensesSection,
  feedSection,
  exportSection,
];
