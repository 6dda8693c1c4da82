// Searching sealed secrets without decrypting them: a blind index. Each secret is stored with
// the keyed HMACs of its normalised 1-, 2- and 3-character pieces (n-grams); a search computes
// the same HMACs of the fragment and asks SQL for the rows holding all of them (a GIN-indexed
// array containment). Without the key nobody can compute a token, so the index says nothing
// about what a secret contains to someone holding only the database.
//
// A fragment of up to 3 characters is itself one indexed piece, so its match is exact. A longer
// fragment matches the rows holding all its 3-character pieces, which contain it in most cases
// but not all ('abcab' holds the pieces of 'abcabc'), so those candidates, and only those, are
// opened and compared by the caller (see `exact`).
import { createHmac } from "node:crypto";

export const MAX_PIECE_LENGTH = 3;
/** Bytes of each HMAC kept: 72 bits, so two different pieces never share a token in practice. */
const TOKEN_BYTES = 9;
/** Bytes of a whole secret's digest kept: 128 bits, as many secrets as a table holds never collide. */
const DIGEST_BYTES = 16;
/** Put before the secret in its digest, so a digest never equals a piece's token. */
const DIGEST_PREFIX = "whole\u0000";

/** What a search compares: case-insensitive, like the list's name search. */
export const normaliseForSearch = (value: string) => value.toLowerCase();

export interface BlindIndex {
  /** Every token of a secret, to store beside its ciphertext (sorted, without duplicates). */
  tokensOf(secret: string): string[];
  /** The tokens a secret must hold to contain `fragment`; `exact` when holding them suffices. */
  queryOf(fragment: string): { tokens: string[]; exact: boolean };
  /**
   * One keyed digest of the whole secret, normalised: equal secrets (ignoring case) have equal
   * digests, so SQL finds a stored secret equal to a given one by an index lookup.
   */
  digestOf(secret: string): string;
}

function pieces(text: string, length: number): string[] {
  const chars = Array.from(text);
  const result: string[] = [];
  for (let start = 0; start + length <= chars.length; start++) {
    result.push(chars.slice(start, start + length).join(""));
  }
  return result;
}

/** Pieces whose tokens are kept in memory: keys share most of their short pieces, so an import
 * of 10,000 keys computes about 50,000 HMACs instead of 600,000. */
const MEMO_LIMIT = 100_000;

export function createBlindIndex(key: Buffer): BlindIndex {
  const memo = new Map<string, string>();
  const token = (piece: string) => {
    let value = memo.get(piece);
    if (value === undefined) {
      value = createHmac("sha256", key)
        .update(piece, "utf8")
        .digest()
        .subarray(0, TOKEN_BYTES)
        .toString("base64url");
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(piece, value);
    }
    return value;
  };

  return {
    tokensOf(secret) {
      const text = normaliseForSearch(secret);
      const all = new Set<string>();
      for (let length = 1; length <= MAX_PIECE_LENGTH; length++) {
        for (const piece of pieces(text, length)) all.add(token(piece));
      }
      return [...all].sort();
    },
    queryOf(fragment) {
      const text = normaliseForSearch(fragment);
      if (Array.from(text).length <= MAX_PIECE_LENGTH)
        return { tokens: [token(text)], exact: true };
      return {
        tokens: [...new Set(pieces(text, MAX_PIECE_LENGTH).map(token))],
        exact: false,
      };
    },
    digestOf(secret) {
      return createHmac("sha256", key)
        .update(DIGEST_PREFIX + normaliseForSearch(secret), "utf8")
        .digest()
        .subarray(0, DIGEST_BYTES)
        .toString("base64url");
    },
  };
}
