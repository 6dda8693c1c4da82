-- No query uses this index: the directory list sorts by the amount converted at the stored rates (an
-- expression per row), and nothing filters or orders on the plain column (idx_scan stayed 0 over
-- every directory list order, filter and page, the expenses summary, calendar and export, and the
-- dashboard, at 10,000 listings). It only cost writes and space.
DROP INDEX "directories_payment_amount_idx";
