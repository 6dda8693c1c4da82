// Line numbers of a CSV file as a person sees them in a text editor: CRLF, LF and a lone CR each
// end one line, inside quoted cells too. csv-parse's own `info.lines` is where a record ends, and
// it counts a CRLF inside a quoted cell as two lines, so the import numbers rows itself from the
// byte offsets csv-parse reports.

const LF = 0x0a;
const CR = 0x0d;

/**
 * A reader of start lines for the records of `bytes`, asked in file order: given the offset just
 * past the previous record (csv-parse's `info.bytes` for it, 0 for the first), the line where the
 * next record starts, past any blank lines csv-parse skipped before it.
 */
export function recordStartLines(bytes: Uint8Array) {
  let offset = 0;
  let line = 1;
  const step = () => {
    const byte = bytes[offset];
    // A CR followed by LF is one line end, counted at its LF.
    if (byte === LF || (byte === CR && bytes[offset + 1] !== LF)) line++;
    offset++;
  };
  return (previousEnd: number): number => {
    while (offset < previousEnd && offset < bytes.length) step();
    while (offset < bytes.length && (bytes[offset] === CR || bytes[offset] === LF)) step();
    return line;
  };
}
