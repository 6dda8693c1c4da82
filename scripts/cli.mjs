// `npm run create-admin | db:backup | db:restore | reminders`: the operator's commands, compiled
// with the server (scripts/build-server.mjs) and run in this process with their own arguments.
import { ensureBuilt, runBuilt } from "./production-build.mjs";

const COMMANDS = new Set(["create-admin", "backup", "restore", "reminders"]);
const name = process.argv[2];
if (!name || !COMMANDS.has(name)) {
  console.error(`Usage: node scripts/cli.mjs ${[...COMMANDS].join("|")} [arguments]`);
  process.exit(2);
}
// The command reads its arguments from process.argv[2] on, as when it was run directly.
process.argv.splice(2, 1);
await ensureBuilt({ client: false });
await runBuilt(name);
