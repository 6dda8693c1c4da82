// What every mail looks like: plain text plus an HTML page with the same footer, which says why
// the person receives it and links to the settings that change it. The reminders' words
// (reminders/messages.ts) and the assignment changes' (assignment-message.ts) are written on it.
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export const linkOf = (linkBase: string, path: string) => `${linkBase}${path}`;

const FOOTER =
  "You receive this because of your notification preferences in Quartermaster Settings.";

/** The text's closing lines, after a blank one: the footer and the settings' address. */
export const textFooter = (linkBase: string) => [FOOTER, `${linkBase}/settings`, ""];

export const htmlPage = (body: string, linkBase: string) =>
  `<!doctype html><html><body>${body}<p style="color:#666;font-size:12px">${escapeHtml(FOOTER)} <a href="${escapeHtml(`${linkBase}/settings`)}">Change them</a>.</p></body></html>`;
