// Where a CPU profile's time goes: `npx tsx scripts/bench/profile-summary.ts a.cpuprofile [...]`
// (e.g. the files `npm run bench -- --cpu-prof DIR` writes). Prints the busy time (idle left
// out), its share by where the code lives (a package of node_modules, Node's own internals, the
// application's folders, the garbage collector) and the functions with the most self time.
// With several files, the figures are summed. Prints figures; asserts nothing.
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/").slice(0, 2).join("/")}`;
  const source = /\/(src\/[^/]+\/[^/]+)/.exec(url);
  if (source) return source[1]!;
  return url;
}

const byPlace = new Map<string, number>();
/** Inclusive: a sample counts once for every place that has a frame on its stack. */
const withinPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
let idle = 0;
for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const placesOnStack = new Map<number, Set<string>>();
  const stackPlaces = (id: number): Set<string> => {
    const known = placesOnStack.get(id);
    if (known) return known;
    const parent = parents.get(id);
    const places = new Set(parent === undefined ? [] : stackPlaces(parent));
    const frame = nodes.get(id)!.callFrame;
    places.add(placeOf(frame.url, frame.functionName));
    placesOnStack.set(id, places);
    return places;
  };
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id)!;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") {
      idle += micros;
      return;
    }
    busy += micros;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
    for (const onStack of stackPlaces(id)) {
      withinPlace.set(onStack, (withinPlace.get(onStack) ?? 0) + micros);
    }
    const name = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
}

const top = (map: Map<string, number>, count: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)}%`;
console.log(`busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`);
console.log("\nwhere | self ms | share of busy");
for (const [place, micros] of top(byPlace, 25)) {
  console.log(`${place} | ${(micros / 1000).toFixed(0)} | ${share(micros)}`);
}
console.log("\nwhere, with what it calls | inclusive ms | share of busy");
for (const [place, micros] of top(withinPlace, 30)) {
  console.log(`${place} | ${(micros / 1000).toFixed(0)} | ${share(micros)}`);
}
console.log("\nfunction | self ms | share of busy");
for (const [name, micros] of top(byFunction, 30)) {
  console.log(`${name} | ${(micros / 1000).toFixed(0)} | ${share(micros)}`);
}
