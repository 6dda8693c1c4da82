// Rows (or cards) per page of each paged screen, in one place so the screens are sized alike.
/** Rows of the Licenses table per page. */
export const LICENSES_PAGE_SIZE = 50;
/** License cards of the License Assignments screen per page (each card is tall). */
export const ASSIGNMENT_CARDS_PAGE_SIZE = 20;
/** Rows of the Users table per page. */
export const USERS_PAGE_SIZE = 50;
/** Rows of the Office Accounts table per page. */
export const ACCOUNTS_PAGE_SIZE = 50;
/** Records of the Activity page per page (the server's own default page). */
export const ACTIVITY_PAGE_SIZE = 50;
/** Records of an item's History section per page (it sits inside a dialog). */
export const ITEM_HISTORY_PAGE_SIZE = 10;
