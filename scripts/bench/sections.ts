// Extra sections of `npm run bench`. A section gets the running server (seeded at the chosen
// size) and two signed-in cookies, and returns the lines it wants printed. Register a new one in
// `extraSections` below (e.g. the first-load figures of scripts/bench/first-load.ts).
//
// A list's section: seed its rows into the server's own database with context.seed() (a seed
// function of a bench data file, run in the server process), build its cases with listCases()
// (list-cases.ts: page 1 and the last page of each sort, by offset and by cursor) and return
// context.measure(cases): every case is timed in each of the run's rounds (at least five,
// alternating with the section's other cases), and every ratio is printed as its median over
// the rounds with the spread (min-max) beside it.

import { accountListsSection } from "./account-lists-section";
import { accountsSection } from "./accounts-section";
import { activitySection } from "./activity-section";
import { adminListsSection } from "./admin-lists-section";
import { directoriesSection } from "./directories-section";
import { expensesSection } from "./expenses-section";
import { exportSection } from "./export-section";
import { feedSection } from "./feed-section";
import { firstLoadSection } from "./first-load";
import { gsuiteSection } from "./gsuite-section";
import { hardwareSection } from "./hardware";
import { hostingSection } from "./hosting-section";
import { importSection } from "./import-section";
import { inventoryListsSection } from "./inventory-lists-section";
import { jumpsSection } from "./jumps-section";
import { licenseListsSection } from "./license-lists-section";
import { summariesSection } from "./summaries-section";

export interface BenchContext {
  /** Base URL of the real application, e.g. http://127.0.0.1:41234 */
  appUrl: string;
  /** `qm_session=...` of the administrator bench0 and of the ordinary user bench1. */
  adminCookie: string;
  userCookie: string;
  /** "pglite" or "postgres". */
  databaseKind: string;
  counts: { licenses: number; assignments: number; users: number };
  /** Rounds each measured case is taken over (`--rounds`, default 5). */
  rounds: number;
  /** Runs one SQL statement on the server's database (e.g. to seed a section); its time in ms. */
  exec(sql: string): Promise<number>;
  /**
   * Runs `exportName` of the module at `moduleUrl` (e.g. `new URL("./hardware.ts",
   * import.meta.url).href`) in the server process as `fn(db, secrets, ...args)` on the server's
   * database, then ANALYZEs (as autovacuum would soon after a bulk load); its time in ms. The
   * arguments and the function's result must survive IPC (plain JSON).
   */
  seed(moduleUrl: string, exportName: string, ...args: unknown[]): Promise<number>;
  /**
   * Times calls as the main table does (p50/p95 over loopback HTTP, the same statements run
   * directly, medians over the rounds) and returns that table's lines.
   */
  measure(cases: BenchCase[]): Promise<string[]>;
}

export interface BenchCase {
  label: string;
  /** One or more calls made one after another (a screen that makes several). */
  urls: string[];
  cookie: string;
  /** Headers sent besides the cookie, e.g. a SCIM token's `authorization` (cookie then ""). */
  headers?: Record<string, string>;
  /**
   * The label of another case of the same measure() call: the table then prints this case's p50
   * divided by that one's, per round (median and spread), e.g. a deep page ÷ its page 1.
   */
  baseline?: string;
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
  ...(optIn("jumps") ? [jumpsSection] : []),
  gsuiteSection,
  directoriesSection,
  hostingSection,
  expensesSection,
  feedSection,
  exportSection,
  activitySection,
  accountListsSection,
  inventoryListsSection,
  licenseListsSection,
  adminListsSection,
  summariesSection,
  importSection,
];
