// The data directory holds the database and the encryption key: only the server's own user may
// read it. Files a process creates get the mode its umask leaves, and PGlite creates its files
// with 0666, so with the usual umask (022) most of pgdata was world-readable (and with 000,
// world-writable). The process umask is set to 077 before anything is written, and a tree made
// before that (an older install, a restored backup) is brought to 0700/0600.
import fs from "node:fs";
import path from "node:path";

/** From now on this process creates directories 0700 and files 0600. */
export function restrictNewFiles() {
  process.umask(0o077);
}

/** Creates the directory 0700 if needed, and makes everything under it owner-only. */
export function makePrivate(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (current: string) => {
    const stat = fs.lstatSync(current);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      fs.chmodSync(current, 0o700);
      for (const entry of fs.readdirSync(current)) walk(path.join(current, entry));
    } else if ((stat.mode & 0o077) !== 0) {
      fs.chmodSync(current, stat.mode & 0o700);
    }
  };
  walk(dir);
}
