import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listSearchParamsSchema, nextListSearchParams, readListState } from "./list-search-params";

const schema = listSearchParamsSchema.extend({
  status: z.enum(["all", "active", "expired"]).catch("all"),
  sort: z.enum(["name", "cost"]).catch("name"),
});
const url = (query: string) => new URLSearchParams(query);

describe("readListState", () => {
  it("gives the defaults for a plain URL", () => {
    expect(readListState(schema, url(""))).toEqual({
      page: 1,
      search: "",
      order: "asc",
      status: "all",
      sort: "name",
    });
  });

  it("reads each field, and falls back to its default when the value is not one it knows", () => {
    expect(readListState(schema, url("page=3&search=adobe&order=desc&status=expired"))).toEqual({
      page: 3,
      search: "adobe",
      order: "desc",
      status: "expired",
      sort: "name",
    });
    expect(readListState(schema, url("page=-2&order=up&status=gone&sort=1"))).toEqual(
      readListState(schema, url("")),
    );
    expect(readListState(schema, url("page=2.5")).page).toBe(1);
    expect(readListState(schema, url(`search=${"x".repeat(201)}`)).search).toBe("");
  });
});

describe("nextListSearchParams", () => {
  it("keeps the default list's URL plain", () => {
    expect(nextListSearchParams(schema, url("status=expired"), { status: "all" }).toString()).toBe(
      "",
    );
    expect(nextListSearchParams(schema, url(""), { sort: "cost" }).toString()).toBe("sort=cost");
  });

  it("goes back to page 1 when anything but the page changes", () => {
    expect(
      nextListSearchParams(schema, url("page=4&search=ad"), { search: "adobe" }).toString(),
    ).toBe("search=adobe");
    expect(nextListSearchParams(schema, url("page=4&sort=cost"), { sort: "cost" }).toString()).toBe(
      "page=4&sort=cost",
    );
    expect(nextListSearchParams(schema, url("search=ad"), { page: 2 }).toString()).toBe(
      "search=ad&page=2",
    );
    expect(nextListSearchParams(schema, url("page=2"), { page: 1 }).toString()).toBe("");
  });

  it("keeps parameters the list does not own", () => {
    expect(nextListSearchParams(schema, url("tab=x&page=2"), { order: "desc" }).toString()).toBe(
      "tab=x&order=desc",
    );
  });
});
