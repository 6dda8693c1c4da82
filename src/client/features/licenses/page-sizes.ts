/** Rows of the Licenses table per page. */
export const LICENSES_PAGE_SIZE = 50;
/** License cards of the License Assignments screen per page (each card is tall). */
export const ASSIGNMENT_CARDS_PAGE_SIZE = 20;
