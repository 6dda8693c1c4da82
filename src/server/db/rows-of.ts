// A raw statement (`db.execute(sql\`...\`)`) answers with the driver's result, which both
// node-postgres and PGlite shape as { rows }, typed by neither: the statement's select list is
// what names the columns, so the caller states the row type once, here.

/** The rows of a raw statement's result, typed as the statement's select list makes them. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
