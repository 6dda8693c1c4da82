// Run in a production install (`npm ci --omit=dev`), as the container image does: deletes from
// node_modules what Node never loads at run time, source maps and TypeScript declarations (about
// a quarter of the install). Licenses, READMEs and code stay as the packages ship them.
import fs from "node:fs";
import path from "node:path";

const NEVER_LOADED = [/\.map$/, /\.d\.(?:c|m)?ts$/];

function prune(directory) {
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const target = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      const pruned = prune(target);
      files += pruned.files;
      bytes += pruned.bytes;
    } else if (entry.isFile() && NEVER_LOADED.some((pattern) => pattern.test(entry.name))) {
      bytes += fs.statSync(target).size;
      fs.rmSync(target);
      files++;
    }
  }
  return { files, bytes };
}

const root = path.resolve(process.argv[2] ?? "node_modules");
if (!fs.existsSync(root)) {
  console.error(`${root} does not exist: run this after \`npm ci --omit=dev\`.`);
  process.exit(1);
}
const { files, bytes } = prune(root);
console.log(`Pruned ${files} files (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${root}.`);
