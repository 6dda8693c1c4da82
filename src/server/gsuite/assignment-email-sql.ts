// The SQL twin of assignmentEmailFor (src/domain/gsuite.ts): the address a quick or bulk
// assignment would give a user on an organization's domain, so a list can leave out the people
// whose address there is taken before anyone tries (assignable-users.test.ts holds the two to
// the same answers).
import { type SQL, sql } from "drizzle-orm";
import { gsuiteAccounts, users } from "../db/schema";

/** Their own e-mail when it is on the domain, else their username at it; lower-case. */
export function assignmentEmailSql(domain: string): SQL<string> {
  const onDomain = domain.trim().toLowerCase();
  // emailDomain(): the part after the last '@', trimmed and lower-cased.
  return sql<string>`case
    when lower(trim(substring(${users.email} from '@([^@]*)$'))) = ${onDomain}
      then lower(trim(${users.email}))
    else lower(trim(${users.username})) || '@' || ${onDomain}
  end`;
}

/** The user's assignment address on the domain has no G Suite account yet (any plan, anyone's). */
export function assignmentEmailFree(domain: string): SQL {
  return sql`not exists (select 1 from ${gsuiteAccounts} where lower(${gsuiteAccounts.email}) = ${assignmentEmailSql(domain)})`;
}
