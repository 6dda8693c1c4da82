import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { clientChunk, PAGES_COMMON_MIN } from "./client-chunks";

/** A module graph as Rollup shows it to `manualChunks`: static imports, and what is lazy. */
function graph(modules: Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }>) {
  const ids = Object.keys(modules);
  const infos = new Map(
    ids.map((id) => {
      const module = modules[id]!;
      const importers = ids.filter((other) => modules[other]!.imports?.includes(id));
      const dynamicImporters = ids.filter((other) => modules[other]!.lazy?.includes(id));
      const info = {
        id,
        isEntry: module.entry ?? false,
        importedIds: module.imports ?? [],
        importers,
        dynamicImporters,
      } as unknown as Rollup.ModuleInfo;
      return [id, info] as const;
    }),
  );
  const meta: Rollup.ManualChunkMeta = {
    getModuleIds: () => ids.values(),
    getModuleInfo: (id) => infos.get(id) ?? null,
  };
  return (id: string) => clientChunk(id, meta);
}

const SRC = "/app/src/client";
const pages = ["hardware", "licenses", "users", "accounts", "activity"].map(
  (name) => `${SRC}/features/${name}/${name}-page.tsx`,
);

const chunkOf = graph({
  [`${SRC}/main.tsx`]: {
    entry: true,
    imports: ["/app/node_modules/react/index.js", `${SRC}/lib/api-client.ts`],
    lazy: [`${SRC}/features/auth/login-page.tsx`, `${SRC}/app/shell/app-shell.tsx`, ...pages],
  },
  "/app/node_modules/react/index.js": { imports: ["\0commonjsHelpers.js"] },
  "\0commonjsHelpers.js": {},
  [`${SRC}/lib/api-client.ts`]: {},
  [`${SRC}/features/auth/login-page.tsx`]: { imports: [`${SRC}/components/ui/card.tsx`] },
  [`${SRC}/app/shell/app-shell.tsx`]: { imports: ["/app/node_modules/lucide-react/x.mjs"] },
  "/app/node_modules/lucide-react/x.mjs": {},
  [`${SRC}/components/ui/card.tsx`]: { imports: [`${SRC}/lib/api-client.ts`] },
  [`${SRC}/components/form/form-dialog.tsx`]: {
    imports: ["/app/node_modules/zod/index.js", `${SRC}/components/ui/card.tsx`],
  },
  "/app/node_modules/zod/index.js": {},
  [`${SRC}/features/users/user-picker.tsx`]: {},
  ...Object.fromEntries(
    pages.map((page, index) => [
      page,
      {
        // The first four pages use the form dialog; the first two a picker.
        imports: [
          ...(index < PAGES_COMMON_MIN ? [`${SRC}/components/form/form-dialog.tsx`] : []),
          ...(index < 2 ? [`${SRC}/features/users/user-picker.tsx`] : []),
          `${SRC}/components/ui/card.tsx`,
        ],
      },
    ]),
  ),
});

describe("clientChunk", () => {
  it("keeps React and what React's modules import in one file, the icons in another", () => {
    expect(chunkOf("/app/node_modules/react/index.js")).toBe("react");
    expect(chunkOf("\0commonjsHelpers.js")).toBe("react");
    expect(chunkOf("/app/node_modules/lucide-react/x.mjs")).toBe("icons");
  });

  it("keeps what the entry loads in the entry's file", () => {
    expect(chunkOf(`${SRC}/main.tsx`)).toBe("index");
    expect(chunkOf(`${SRC}/lib/api-client.ts`)).toBe("index");
  });

  it("names the first screens' modules by the screens that load them, never pages-common", () => {
    expect(chunkOf(`${SRC}/features/auth/login-page.tsx`)).toBe("login");
    expect(chunkOf(`${SRC}/app/shell/app-shell.tsx`)).toBe("shell");
    // The card is the sign-in page's and the pages' too: a file of its own, not pages-common, so
    // the sign-in page never downloads the forms and dialogs the pages share.
    expect(chunkOf(`${SRC}/components/ui/card.tsx`)).toBe("login-shared");
  });

  it("puts what enough pages share, and the first screens never load, in pages-common", () => {
    expect(chunkOf(`${SRC}/components/form/form-dialog.tsx`)).toBe("pages-common");
    expect(chunkOf("/app/node_modules/zod/index.js")).toBe("pages-common");
  });

  it("leaves what few pages share, and each page's own code, to Rollup", () => {
    expect(chunkOf(`${SRC}/features/users/user-picker.tsx`)).toBeUndefined();
    expect(chunkOf(pages[4]!)).toBeUndefined();
  });
});
