// How the built client is cut into files (Rollup's `manualChunks`, vite.config.ts).
//
// Left to itself, Rollup makes one file for each set of lazily loaded parts that share some code,
// which here gave the licenses page 58 scripts. A browser asks for them over six connections to
// the server, some 10 ms apiece on a slow machine, and they, not the bytes, held the page's first
// paint back (issue 30, decision 0069: 2.19 s against the sign-in page's 1.09 s; 1.64 s with the
// files below). So:
//
// - React, React DOM, React Router and the scheduler: one file, which changes least often.
// - The icons: one file (decision 0067).
// - What the entry loads: the entry's file.
// - What the first screens load (the sign-in page, the shell around every signed-in page, and
//   the dashboard): a file for each combination of them that uses it, with "-shared" when other
//   pages use it too. They stay as small as before: the JavaScript before they are interactive
//   has a budget (160 kB gzip, scripts/bench/first-load.ts).
// - What none of the first screens loads and at least PAGES_COMMON_MIN parts (pages, or parts a
//   page loads when asked, such as a dialog) load: one file, "pages-common" (forms, zod, dialogs,
//   menus, the list kit). A page that uses little of it fetches some code it does not run, once.
// - Everything else: Rollup's own split.
//
// Every module is placed by the parts that load it, not by its path, so a new page or dialog
// needs no change here. The first screens' modules are all named: a module Rollup was left to
// place would be pulled into the first manual file that imports it, "pages-common" included.
import type { Rollup } from "vite";

export const PAGES_COMMON_MIN = 4;

const REACT = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;
const ICONS = /\/node_modules\/lucide-react\//;

/** The lazily loaded first screens, by the module each starts from. */
const FIRST_SCREENS: readonly (readonly [name: string, module: RegExp])[] = [
  ["login", /\/src\/client\/features\/auth\/login-page\.tsx$/],
  ["shell", /\/src\/client\/app\/shell\/app-shell\.tsx$/],
  ["dashboard", /\/src\/client\/features\/dashboard\/dashboard-page\.tsx$/],
];

/**
 * For each module, the parts that load it: the entry and every module imported lazily somewhere,
 * whose static imports (followed all the way) it is among. Worked out once per build.
 */
const partsByBuild = new WeakMap<Rollup.ManualChunkMeta, Map<string, string[]>>();

function partsLoading(id: string, meta: Rollup.ManualChunkMeta): string[] {
  let parts = partsByBuild.get(meta);
  if (!parts) {
    parts = new Map();
    for (const part of meta.getModuleIds()) {
      const info = meta.getModuleInfo(part);
      if (!info?.isEntry && !info?.dynamicImporters.length) continue;
      const seen = new Set([part]);
      for (const module of seen) {
        const loaders = parts.get(module) ?? [];
        loaders.push(part);
        parts.set(module, loaders);
        for (const imported of meta.getModuleInfo(module)?.importedIds ?? []) seen.add(imported);
      }
    }
    partsByBuild.set(meta, parts);
  }
  return parts.get(id) ?? [];
}

/** The file a module goes to; undefined leaves it to Rollup. */
export function clientChunk(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  if (REACT.test(id)) return "react";
  // What React's modules import (Rollup's CommonJS helpers) goes with them, never into a file
  // that imports React back.
  if (meta.getModuleInfo(id)?.importers.some((importer) => REACT.test(importer))) return "react";
  if (ICONS.test(id)) return "icons";
  const parts = partsLoading(id, meta);
  if (parts.some((part) => meta.getModuleInfo(part)?.isEntry)) return "index";
  const screens = FIRST_SCREENS.filter(([, module]) => parts.some((part) => module.test(part)));
  if (screens.length) {
    const others = parts.some((part) => !FIRST_SCREENS.some(([, module]) => module.test(part)));
    return screens.map(([name]) => name).join("-") + (others ? "-shared" : "");
  }
  return parts.length >= PAGES_COMMON_MIN ? "pages-common" : undefined;
}
