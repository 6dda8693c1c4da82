// The feed bodies kept for the next reader, by ETag, up to a number of characters: the least
// recently used go first when a new body would pass the limit (the newest is always kept).
export interface KeptBodies {
  get(etag: string): string | undefined;
  keep(etag: string, body: string): void;
  /** The characters held now, for the limit and its test. */
  readonly characters: number;
}

export function createKeptBodies(limit: number): KeptBodies {
  // Insertion order is use order (keeping moves an entry to the end): the first is the oldest.
  const kept = new Map<string, string>();
  let characters = 0;
  const drop = (etag: string) => {
    const body = kept.get(etag);
    if (body === undefined) return;
    kept.delete(etag);
    characters -= body.length;
  };
  return {
    get: (etag) => kept.get(etag),
    keep(etag, body) {
      // The body kept before under this ETag leaves with its own length: a feed written again
      // for the same ETag need not be the same length (its DTSTAMP is the time of writing).
      drop(etag);
      kept.set(etag, body);
      characters += body.length;
      for (const oldest of kept.keys()) {
        if (characters <= limit || oldest === etag) break;
        drop(oldest);
      }
    },
    get characters() {
      return characters;
    },
  };
}
