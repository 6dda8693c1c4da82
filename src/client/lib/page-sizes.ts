// Rows (or cards) per page of each paged screen, in one place so the screens are sized alike.
/** Rows of the Licenses table per page. */
export const LICENSES_PAGE_SIZE = 50;
/** License cards of the License Assignments screen per page (each card is tall). */
export const ASSIGNMENT_CARDS_PAGE_SIZE = 20;
/** Rows of the Users table per page. */
export const USERS_PAGE_SIZE = 50;
/** Rows of the Office Accounts table per page. */
export const ACCOUNTS_PAGE_SIZE = 50;
