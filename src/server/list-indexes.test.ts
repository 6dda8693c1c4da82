// The indexes the lists rely on are really there and really usable: the GIN indexes of imported
// tables have a small pending list (schema.ts), the others none, and the lists' sorts (licenses by
// monthly cost in USD and by expiry, users by name and by creation, assignments newest first) can
// read a page from an index walk, which holds only while the ORDER BY is exactly what the index
// was built on.
import { and, eq, getTableName, Param, Placeholder, SQL, type SQLChunk, sql } from "drizzle-orm";
import { PgSelectBase } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/test-database";
import { accountAssignmentCursors } from "../domain/schemas/accounts";
import { cursorTag, encodeCursor, type KeyKind, type KeyPart } from "../domain/schemas/cursor";
import { directoryCursors } from "../domain/schemas/directories";
import { gsuiteAccountCursors } from "../domain/schemas/gsuite";
import { hardwareCursors } from "../domain/schemas/hardware";
import { trustReviewCursors } from "../domain/schemas/trust-reviews";
import { userCursors } from "../domain/schemas/users";
import {
  accountAssignmentOrder,
  accountAssignmentSorts,
  accountListOrder,
} from "./accounts/list-order";
import type { Database } from "./db/client";
import { rowsOf } from "./db/rows-of";
import {
  accountAssignments,
  accounts,
  directories,
  gsuiteAccounts,
  hardware,
  hardwareRequests,
  licenseAssignments,
  licenses,
  trustReviews,
  users,
} from "./db/schema";
import { directoryOrder, directorySearchColumns, directorySort } from "./directories/list-query";
import {
  listOrder as gsuiteAccountOrder,
  gsuiteAccountSearchColumns,
  gsuiteAccountSorts,
} from "./gsuite/accounts-service";
import { gsuiteUserSearchColumns } from "./gsuite/users-service";
import {
  listOrder as hardwareListOrder,
  hardwareSearchColumns,
  hardwareSort,
  hardwareSorts,
} from "./hardware/list-query";
import { hardwareRequestOrder, hardwareRequestSearchColumns } from "./hardware/requests-service";
import { type KeysetQuery, type KeysetSort, keysetWindow } from "./lib/keyset";
import { pageIdsIn } from "./lib/paging";
import { anyColumnContains } from "./lib/text-search";
import { assignmentsNewestFirst } from "./licenses/assignments-service";
import { listOrder } from "./licenses/list-query";
import { licenseSearchColumns } from "./licenses/service";
import { trustReviewSorts } from "./trust-reviews/list-query";
import { trustReviewSearchColumns } from "./trust-reviews/service";
import { userListOrder, userSearchColumns, userSorts } from "./users/service";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A value of each kind of key, for a cursor to EXPLAIN a page from. */
const keyValue: Record<KeyKind, string> = {
  text: "m",
  date: "2026-01-01",
  numeric: "10",
  integer: "5",
  timestamptz: "2026-01-01T00:00:00.000000Z",
};

/** The plan of a query with sorts and plain scans forbidden (see the cost sort's test below). */
async function indexPlan(query: { getSQL(): ReturnType<typeof sql> }) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain (costs off) ${query}`);
    return rowsOf<Record<string, unknown>>(result)
      .map((row) => String(Object.values(row)[0]))
      .join("\n");
  });
}

describe("GIN indexes", () => {
  it("have a small pending list on the imported tables, none elsewhere", async () => {
    const result = await database.db.execute(sql`
      select c.relname as name, coalesce(array_to_string(c.reloptions, ','), '') as options
      from pg_class c
      join pg_am am on am.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
      where am.amname = 'gin' and n.nspname = 'public'
      order by c.relname`);
    const indexes = rowsOf<Record<string, unknown>>(result);
    expect(indexes.map((row) => row.name)).toEqual(
      expect.arrayContaining(["licenses_name_trgm_idx", "users_username_trgm_idx"]),
    );
    // hardware_requests is not imported: its indexes start like the hardware table's.
    const imported = /^(users|licenses|hardware|accounts|directories)_(?!requests_)/;
    for (const row of indexes) {
      expect(row, String(row.name)).toMatchObject({
        options: imported.test(String(row.name))
          ? "fastupdate=true,gin_pending_list_limit=64"
          : "fastupdate=false",
      });
    }
  });
});

// A list search is an OR of `column ILIKE '%text%'` (lib/text-search.ts); one column without a
// trigram index and the whole OR becomes a read of every row. With plain scans forbidden the
// planner still scans when no index can answer, so a Seq Scan in the plan is a missing index.
describe("list searches", () => {
  const cases = [
    ["users", users, users.id, userSearchColumns],
    ["licenses", licenses, licenses.id, licenseSearchColumns],
    ["G Suite All Users", users, users.id, gsuiteUserSearchColumns],
    ["hardware", hardware, hardware.id, hardwareSearchColumns],
    ["hardware requests", hardwareRequests, hardwareRequests.id, hardwareRequestSearchColumns],
    ["directories", directories, directories.id, directorySearchColumns],
    ["trust reviews", trustReviews, trustReviews.id, trustReviewSearchColumns],
    ["G Suite accounts", gsuiteAccounts, gsuiteAccounts.id, gsuiteAccountSearchColumns],
  ] as const;
  for (const [label, table, id, columns] of cases) {
    it(`${label}: every searched column is read from its trigram index`, async () => {
      const plan = await indexPlan(
        database.db
          .select({ id })
          .from(table)
          .where(anyColumnContains([...columns], "abc")),
      );
      expect(plan).not.toContain("Seq Scan");
      for (const column of columns) {
        expect(plan).toContain(
          `Bitmap Index Scan on ${getTableName(table)}_${column.name}_trgm_idx`,
        );
      }
    });
  }
});

describe("the lists' sorts", () => {
  // Built when the test runs: the database opens in beforeAll.
  const pageOf =
    (table: typeof licenses | typeof users | typeof licenseAssignments, order: SQL[]) => () =>
      database.db
        .select({ id: table.id })
        .from(table)
        .orderBy(...order)
        .limit(25);
  const licensePage = (sort: "cost" | "expiryDate", order: "asc" | "desc") =>
    pageOf(licenses, listOrder({ sort, order }));
  const userPage = (sort: "fullName" | "createdAt", order: "asc" | "desc") =>
    pageOf(users, userListOrder({ sort, order }));
  const cases = [
    ["licenses by cost asc", licensePage("cost", "asc"), "licenses_monthly_usd_cost_idx"],
    ["licenses by cost desc", licensePage("cost", "desc"), "licenses_monthly_usd_cost_desc_idx"],
    ["licenses by expiry asc", licensePage("expiryDate", "asc"), "licenses_expiry_date_sort_idx"],
    ["licenses by expiry desc", licensePage("expiryDate", "desc"), "licenses_expiry_date_desc_idx"],
    ["users by name asc", userPage("fullName", "asc"), "users_full_name_order_idx"],
    ["users by name desc", userPage("fullName", "desc"), "users_full_name_desc_order_idx"],
    ["users by creation asc", userPage("createdAt", "asc"), "users_created_at_idx"],
    ["users by creation desc", userPage("createdAt", "desc"), "users_created_at_idx"],
    [
      "assignments newest first",
      pageOf(licenseAssignments, assignmentsNewestFirst),
      "license_assignments_created_at_idx",
    ],
  ] as const;
  for (const [label, page, index] of cases) {
    it(`${label}: a page read from ${index} without sorting`, async () => {
      // On a small table the planner would rightly prefer a sort; forbidding sorts (and plain
      // scans) leaves an index walk as the only cheap plan, which exists only if the index
      // matches the ORDER BY exactly (for the cost, the very expression of
      // money/monthly-cost-sql.ts).
      const plan = await indexPlan(page());
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index} `));
      expect(plan).not.toMatch(/\bSort\b/);
    });
  }
});

// A page past an offset is read ids first (lib/paging.ts): the ids by the sort's index with the
// OFFSET, then only those rows. That step skips index entries, not table rows or joins, only while
// an index holds the whole ORDER BY (flag, keys and id, one way) and every column it reads: an
// index-only scan, no sort, from the start, from the end and from a cursor, for a jump by address
// to a middle page of account assignments, G Suite accounts and trust reviews.
describe("a page past an offset: its ids first", () => {
  const lists = [
    {
      table: accountAssignments,
      cursors: accountAssignmentCursors,
      sorts: accountAssignmentSorts as Record<string, KeysetSort>,
      index: (sort: string, order: string) =>
        sort === "createdAt"
          ? "account_assignments_created_at_idx"
          : order === "asc"
            ? "account_assignments_assigned_date_idx"
            : "account_assignments_assigned_date_desc_idx",
    },
    {
      table: gsuiteAccounts,
      cursors: gsuiteAccountCursors,
      sorts: gsuiteAccountSorts as Record<string, KeysetSort>,
      index: (sort: string, order: string) =>
        ({
          email: "gsuite_accounts_email_order_idx",
          organization:
            order === "asc"
              ? "gsuite_accounts_organization_order_idx"
              : "gsuite_accounts_organization_desc_order_idx",
          planType: "gsuite_accounts_plan_type_order_idx",
          createdAt: "gsuite_accounts_created_at_idx",
        })[sort]!,
    },
    {
      table: trustReviews,
      cursors: trustReviewCursors,
      sorts: trustReviewSorts as Record<string, KeysetSort>,
      index: (sort: string) =>
        ({
          createdAt: "trust_reviews_created_at_idx",
          clientName: "trust_reviews_client_name_lower_idx",
          assignedDate: "trust_reviews_assigned_date_idx",
        })[sort]!,
    },
  ] as const;
  for (const list of lists) {
    for (const [sortName, sort] of Object.entries(list.sorts)) {
      const keys = (list.cursors.sorts as Record<string, readonly KeyPart[]>)[sortName]!;
      const cursor = encodeCursor({
        tag: cursorTag(list.cursors, sortName),
        values: keys.map((part) => keyValue[part.kind]),
        id: 7,
      });
      const windows: [string, KeysetQuery][] = [
        ["from the start", {}],
        ["from the end", { fromEnd: true }],
        ["after a cursor", { after: cursor }],
      ];
      for (const order of ["asc", "desc"] as const) {
        const index = list.index(sortName, order);
        for (const [label, query] of windows) {
          it(`${getTableName(list.table)} by ${sortName} ${order}, ${label}: an index-only scan of ${index}`, async () => {
            const window = keysetWindow(sort, order, list.cursors, sortName, query);
            const ids = { id: list.table.id, where: window.where, orderBy: window.orderBy };
            const statement = database.db
              .select({ id: list.table.id })
              .from(list.table)
              .where(pageIdsIn(database.db, list.table, ids, 50, 24_975));
            const plan = await indexPlan(filled(statement.getSQL(), window.values));
            expect(plan).toMatch(new RegExp(`Index Only Scan (Backward )?using ${index} `));
            expect(plan).not.toMatch(/\bSort\b/);
          });
        }
      }
    }
  }
});

// Decision 0042: every order of these lists is an index walk in either direction, also when a
// filter leads its index (accounts by status or provider, then by e-mail).
describe("the account lists' orders", () => {
  const both = ["asc", "desc"] as const;
  const accountIndex = {
    email: "accounts_email_order_idx",
    provider: "accounts_provider_order_idx",
    status: "accounts_status_order_idx",
    renewalDate: "accounts_renewal_date_order_idx",
  } as const;
  const cases: [string, () => { getSQL(): SQL }, string][] = [];
  for (const order of both) {
    for (const sort of ["email", "provider", "status", "renewalDate"] as const) {
      const index =
        sort === "renewalDate" && order === "desc"
          ? "accounts_renewal_date_desc_order_idx"
          : accountIndex[sort];
      cases.push([
        `office accounts by ${sort} ${order}`,
        () =>
          database.db
            .select({ id: accounts.id })
            .from(accounts)
            .orderBy(...accountListOrder({ sort, order }))
            .limit(50),
        index,
      ]);
    }
    for (const [column, filter, index] of [
      ["status", sql`${accounts.status} = 'expired'`, "accounts_status_order_idx"],
      ["provider", sql`${accounts.provider} = 'adobe'`, "accounts_provider_order_idx"],
    ] as const) {
      cases.push([
        `office accounts of one ${column} by e-mail ${order}`,
        () =>
          database.db
            .select({ id: accounts.id })
            .from(accounts)
            .where(filter)
            .orderBy(...accountListOrder({ sort: "email", order }))
            .limit(50),
        index,
      ]);
    }
    for (const [sort, index] of [
      ["createdAt", "account_assignments_created_at_idx"],
      [
        "assignedDate",
        order === "asc"
          ? "account_assignments_assigned_date_idx"
          : "account_assignments_assigned_date_desc_idx",
      ],
    ] as const) {
      cases.push([
        `account assignments by ${sort} ${order}`,
        () =>
          database.db
            .select({ id: accountAssignments.id })
            .from(accountAssignments)
            .orderBy(...accountAssignmentOrder({ sort, order }))
            .limit(50),
        index,
      ]);
    }
    cases.push([
      `G Suite accounts of one organization by e-mail ${order}`,
      () =>
        database.db
          .select({ id: gsuiteAccounts.id })
          .from(gsuiteAccounts)
          .where(sql`${gsuiteAccounts.organizationId} = 1`)
          .orderBy(...gsuiteAccountOrder({ sort: "email", order }))
          .limit(50),
      "gsuite_accounts_organization_email_idx",
    ]);
    cases.push([
      `G Suite accounts by creation ${order}`,
      () =>
        database.db
          .select({ id: gsuiteAccounts.id })
          .from(gsuiteAccounts)
          .orderBy(...gsuiteAccountOrder({ sort: "createdAt", order }))
          .limit(50),
      "gsuite_accounts_created_at_idx",
    ]);
  }
  for (const [label, page, index] of cases) {
    it(`${label}: a page read from ${index} without sorting`, async () => {
      const plan = await indexPlan(page());
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index} `));
      expect(plan).not.toMatch(/\bSort\b/);
    });
  }
});

// Migration 0040: every order of the users, directories, hardware and hardware requests lists is
// an index walk either way, also when a filter leads its index.
describe("the inventory lists' orders", () => {
  const both = ["asc", "desc"] as const;
  const notDeleted = sql`${directories.deletedAt} is null`;
  const cases: [string, () => { getSQL(): SQL }, string][] = [];
  const page = (
    table: typeof users | typeof directories | typeof hardware | typeof hardwareRequests,
    order: SQL[],
    where?: SQL,
  ) =>
    database.db
      .select({ id: table.id })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(50);
  for (const order of both) {
    for (const [sort, index] of [
      ["username", "users_username_order_idx"],
      ["createdAt", "users_created_at_idx"],
      [
        "fullName",
        order === "asc" ? "users_full_name_order_idx" : "users_full_name_desc_order_idx",
      ],
    ] as const) {
      cases.push([
        `users by ${sort} ${order}`,
        () => page(users, userListOrder({ sort, order })),
        index,
      ]);
    }
    for (const [sort, index] of [
      ["name", "directories_name_order_idx"],
      [
        "nextPaymentDate",
        order === "asc"
          ? "directories_next_payment_order_idx"
          : "directories_next_payment_desc_order_idx",
      ],
    ] as const) {
      cases.push([
        `directories by ${sort} ${order}`,
        () => page(directories, directoryOrder({ sort, order }), notDeleted),
        index,
      ]);
    }
    for (const [sort, index] of [
      ["name", "hardware_name_lower_idx"],
      ["type", "hardware_type_order_idx"],
      [
        "location",
        order === "asc" ? "hardware_location_sort_idx" : "hardware_location_desc_sort_idx",
      ],
      ["status", "hardware_status_order_idx"],
      ["createdAt", "hardware_created_at_idx"],
    ] as const) {
      cases.push([
        `hardware by ${sort} ${order}`,
        () => page(hardware, hardwareListOrder({ sort, order })),
        index,
      ]);
    }
    for (const [column, filter, index] of [
      ["type", sql`${hardware.type} = 'laptop'`, "hardware_type_order_idx"],
      ["location", sql`${hardware.location} = 'Remote'`, "hardware_location_order_idx"],
      ["status", sql`${hardware.status} = 'retired'`, "hardware_status_order_idx"],
    ] as const) {
      cases.push([
        `hardware of one ${column} by name ${order}`,
        () => page(hardware, hardwareListOrder({ sort: "name", order }), filter),
        index,
      ]);
    }
    for (const [sort, index] of [
      ["createdAt", "hardware_requests_created_at_idx"],
      ["status", "hardware_requests_status_order_idx"],
    ] as const) {
      cases.push([
        `hardware requests by ${sort} ${order}`,
        () => page(hardwareRequests, hardwareRequestOrder({ sort, order })),
        index,
      ]);
    }
    for (const [label, filter, index] of [
      ["pending", sql`${hardwareRequests.status} = 'pending'`, "status_order"],
      ["one person's", sql`${hardwareRequests.requestedByUserId} = 1`, "requested_by_order"],
    ] as const) {
      cases.push([
        `${label} hardware requests newest ${order === "desc" ? "first" : "last"}`,
        () => page(hardwareRequests, hardwareRequestOrder({ sort: "createdAt", order }), filter),
        `hardware_requests_${index}_idx`,
      ]);
    }
  }
  for (const [label, query, index] of cases) {
    it(`${label}: a page read from ${index} without sorting`, async () => {
      const plan = await indexPlan(query());
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index} `));
      expect(plan).not.toMatch(/\bSort\b/);
    });
  }
});

describe("the directory list's sort by amount", () => {
  // Its order, the amount at the stored rates, is a merge of a walk per currency over
  // (currency, amount, ...) (directories/amount-merge.test.ts checks its plan): the amount alone
  // orders nothing (migration 0030 dropped its index).
  it("has no index on the plain amount alone", async () => {
    const result = await database.db.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = 'directories'`);
    const onAmount = rowsOf<Record<string, unknown>>(result).filter((row) =>
      /\(\s*"?payment_amount"?\s*\)/.test(String(row.definition)),
    );
    expect(onAmount).toEqual([]);
  });
});

// Decisions 0040 and 0051: a keyset page of the users, directories and hardware lists, for every
// sort either way, is an index walk from page 1, from a cursor either side (a key or, for a
// nullable key, a blank one) and from the list's end: the row comparison bounds the index scan.
/** A statement with its placeholders (a prepared page's) replaced by these values, subqueries too. */
function filled(statement: SQL, values: Record<string, unknown>): SQL {
  const fill = (chunk: unknown): unknown => {
    if (chunk instanceof Placeholder) return new Param(values[chunk.name]);
    if (chunk instanceof SQL) return new SQL(chunk.queryChunks.map(fill) as SQLChunk[]);
    // A subquery (a page's ids): its text in parentheses, as drizzle writes one.
    if (chunk instanceof PgSelectBase) return sql`(${fill(chunk.getSQL())})`;
    return chunk;
  };
  return fill(statement) as SQL;
}

describe("the inventory lists' keyset pages", () => {
  const lists = [
    {
      table: users,
      cursors: userCursors,
      sorts: userSorts,
      index: (sort: string, order: string) =>
        sort === "fullName"
          ? order === "asc"
            ? "users_full_name_order_idx"
            : "users_full_name_desc_order_idx"
          : sort === "username"
            ? "users_username_order_idx"
            : "users_created_at_idx",
      where: undefined,
    },
    {
      table: directories,
      cursors: directoryCursors,
      // The amount is a merge of walks (directories/amount-merge.test.ts): left out here.
      sorts: {
        name: directorySort("name"),
        nextPaymentDate: directorySort("nextPaymentDate"),
      } as Record<string, KeysetSort>,
      index: (sort: string, order: string) =>
        sort === "name"
          ? "directories_name_order_idx"
          : order === "asc"
            ? "directories_next_payment_order_idx"
            : "directories_next_payment_desc_order_idx",
      where: sql`${directories.deletedAt} is null`,
    },
    {
      table: hardware,
      cursors: hardwareCursors,
      sorts: hardwareSorts,
      index: (sort: string, order: string) =>
        ({
          name: "hardware_name_lower_idx",
          type: "hardware_type_order_idx",
          location:
            order === "asc" ? "hardware_location_sort_idx" : "hardware_location_desc_sort_idx",
          status: "hardware_status_order_idx",
          createdAt: "hardware_created_at_idx",
        })[sort]!,
      where: undefined,
    },
  ] as const;
  for (const list of lists) {
    for (const [sortName, sort] of Object.entries(list.sorts as Record<string, KeysetSort>)) {
      const keys = (list.cursors.sorts as Record<string, readonly KeyPart[]>)[sortName]!;
      const at = (blank: boolean) =>
        encodeCursor({
          tag: cursorTag(list.cursors, sortName),
          values: keys.map((part, index) => (blank && index === 0 ? null : keyValue[part.kind])),
          id: 7,
        });
      const windows: [string, KeysetQuery][] = [
        ["page 1", {}],
        ["after a cursor", { after: at(false) }],
        ["before a cursor", { before: at(false) }],
        ["from the end", { fromEnd: true }],
        ...(keys[0]!.nullable
          ? ([
              ["after a blank key's cursor", { after: at(true) }],
              ["before a blank key's cursor", { before: at(true) }],
            ] as [string, KeysetQuery][])
          : []),
      ];
      for (const order of ["asc", "desc"] as const) {
        const index = list.index(sortName, order);
        for (const [label, query] of windows) {
          it(`${getTableName(list.table)} by ${sortName} ${order}, ${label}: a walk of ${index}`, async () => {
            const window = keysetWindow(sort, order, list.cursors, sortName, query);
            const statement = database.db
              .select({ id: list.table.id })
              .from(list.table)
              .where(and(list.where, window.where))
              .orderBy(...window.orderBy)
              .limit(50);
            // The cursor's values are placeholders of a prepared page: filled in for EXPLAIN.
            const plan = await indexPlan(filled(statement.getSQL(), window.values));
            expect(plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index} `));
            expect(plan).not.toMatch(/\bSort\b/);
            if (window.where) expect(plan).toContain("Index Cond");
          });
        }
      }
    }
  }
});

// Hardware of one location sorted by location: no row is blank, so no null flag leads the order
// (hardwareSort, withinOneKey) and the location filter's index walks it, from the start, the end
// and a cursor either side; with the flag in front, the page was sorted in memory.
describe("hardware of one location by location", () => {
  const sort = hardwareSort({ sort: "location", location: "Remote" });
  const cursor = encodeCursor({ tag: "hardware:location", values: ["Remote", "m"], id: 7 });
  const windows: [string, KeysetQuery][] = [
    ["page 1", {}],
    ["after a cursor", { after: cursor }],
    ["before a cursor", { before: cursor }],
    ["from the end", { fromEnd: true }],
  ];
  for (const order of ["asc", "desc"] as const) {
    for (const [label, query] of windows) {
      it(`${order}, ${label}: a walk of hardware_location_order_idx`, async () => {
        const window = keysetWindow(sort, order, hardwareCursors, "location", query);
        const statement = database.db
          .select({ id: hardware.id })
          .from(hardware)
          .where(and(eq(hardware.location, "Remote"), window.where))
          .orderBy(...window.orderBy)
          .limit(50);
        const plan = await indexPlan(filled(statement.getSQL(), window.values));
        expect(plan).toMatch(/Index (Only )?Scan (Backward )?using hardware_location_order_idx /);
        expect(plan).not.toMatch(/\bSort\b/);
        expect(plan).toMatch(/Index Cond: .*location = /);
      });
    }
  }
});
