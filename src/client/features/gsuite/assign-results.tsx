// What an assignment did, per user: the accounts created with their initial passwords (shown this
// once; the server keeps them only sealed), those already in place, and what failed and why.
import type { AssignGsuiteUsersResponse } from "@/domain/schemas/gsuite";

export function AssignResults({ result }: { result: AssignGsuiteUsersResponse }) {
  const created = result.results.filter((r) => r.outcome === "created");
  const already = result.results.filter((r) => r.outcome === "alreadyAssigned");
  const failed = result.results.filter((r) => r.outcome === "failed");
  return (
    <div className="grid max-h-[50vh] gap-4 overflow-y-auto text-sm">
      {created.length > 0 && (
        <section aria-label="Accounts created" className="grid gap-2">
          <p>
            {created.length === 1 ? "1 account created." : `${created.length} accounts created.`}{" "}
            Copy the initial passwords now: they are not shown again.
          </p>
          <table className="w-full text-left">
            <thead>
              <tr className="text-muted-foreground">
                <th className="py-1 font-medium">Email</th>
                <th className="py-1 font-medium">Initial password</th>
              </tr>
            </thead>
            <tbody>
              {created.map((row) => (
                <tr key={row.userId}>
                  <td className="py-1 pr-2 break-all">{row.email}</td>
                  <td className="py-1 font-mono select-all">{row.initialPassword}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {already.length > 0 && (
        <p>Already assigned (nothing changed): {already.map((row) => row.email).join(", ")}</p>
      )}
      {failed.length > 0 && (
        <section aria-label="Users not assigned" className="grid gap-1">
          <p className="font-medium text-destructive">
            {failed.length === 1
              ? "1 user could not be assigned:"
              : `${failed.length} users could not be assigned:`}
          </p>
          <ul className="list-disc pl-5">
            {failed.map((row) => (
              <li key={row.userId}>
                {row.email ?? `User ${row.userId}`}: {row.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
