// A lookup table written as an object literal inherits Object.prototype's properties: indexed by
// text from a request or a stored row, '__proto__' read the prototype and 'constructor' a
// function (a hardware type '__proto__' answered 500, issue 27). Tables indexed by such text are
// read through this, or are Maps.

/** The table's own entry for the key; undefined for a key it does not hold, inherited ones too. */
export function ownEntry<Value>(
  table: Readonly<Record<string, Value>>,
  key: string | number,
): Value | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
