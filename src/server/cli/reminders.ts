// `npm run reminders -- --date YYYY-MM-DD`: one reminder pass as of a day, for operators catching
// up by hand. A day already handled sends nothing new. On the embedded database the server must
// be stopped first (it holds the data directory); on PostgreSQL it may keep running.
import { loadConfig } from "../config";
import { createSmtpMailer } from "../mail/mailer";
import { reminderObligations } from "../reminders/obligation-source";
import { runReminderPass } from "../reminders/pass";
import { openRuntime } from "../runtime";
import { CliError, runCli } from "./cli-error";
import { describePass, reminderPassDay } from "./reminders-core";

await runCli(async () => {
  const day = reminderPassDay(process.argv.slice(2));
  const config = loadConfig();
  if (!config.mail) {
    throw new CliError(
      "E-mail reminders are off: set SMTP_URL, MAIL_FROM and PUBLIC_URL (see the README's configuration table).",
    );
  }
  const runtime = await openRuntime(config);
  const mailer = createSmtpMailer(config.mail);
  try {
    const outcome = await runReminderPass(runtime.database.db, mailer, day, {
      obligations: reminderObligations,
      linkBase: config.mail.linkBase,
    });
    console.log(describePass(day, outcome));
  } finally {
    mailer.close();
    await runtime.close();
  }
});
