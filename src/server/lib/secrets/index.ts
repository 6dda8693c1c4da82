// Secrets in one place: seal a secret for storage (AES-256-GCM), mask it for lists, index it for
// search without decrypting (blind-index.ts), and reveal it through a logged view (reveal.ts).
// License keys use it today; office-account and G Suite passwords use the same calls, with
// secret_reveal_logs for their reveals.
import { maskSecret } from "../../../domain/masking";
import { conflict } from "../../http/errors";
import { type BlindIndex, createBlindIndex } from "./blind-index";
import { createCipher } from "./cipher";
import { deriveKey } from "./key";

export { type BlindIndex, normaliseForSearch } from "./blind-index";
export { loadOrCreateKeyFile, parseKey } from "./key";
export {
  MAX_LOGGED_USER_AGENT,
  type RevealViewer,
  recordSecretReveal,
  revealSecret,
} from "./reveal";

/** The kinds of searchable secret; each has its own index key, so equal pieces of a license key
 * and of a password never share a token. */
export const SEARCHABLE_SECRET_KINDS = ["license-key"] as const;
export type SearchableSecretKind = (typeof SEARCHABLE_SECRET_KINDS)[number];

/** A secret as it is stored: never the clear text. */
export interface SealedSecret {
  ciphertext: string;
  /** For lists: the last 4 characters, hyphens kept (domain/masking.ts). */
  masked: string;
}

export interface Secrets {
  /** Seals a secret for storage, with its masked form. */
  seal(plaintext: string): SealedSecret;
  /**
   * The clear text of a sealed secret: only for a logged reveal or an exact search check. A
   * secret sealed under another key throws 409 SECRET_UNREADABLE (the start refuses a key that
   * does not open the data, key-check.ts, but a row written under a wrong key before that check
   * existed can remain).
   */
  open(ciphertext: string): string;
  /** The blind index of one kind of secret: tokens to store, tokens to search for. */
  index(kind: SearchableSecretKind): BlindIndex;
}

export function createSecrets(masterKey: Buffer): Secrets {
  // Sealing keeps using the configured key itself, as every stored ciphertext was made with it.
  const cipher = createCipher(masterKey);
  const indexes = new Map(
    SEARCHABLE_SECRET_KINDS.map((kind) => [
      kind,
      createBlindIndex(deriveKey(masterKey, `blind-index/${kind}/v1`)),
    ]),
  );
  return {
    seal: (plaintext) => ({ ciphertext: cipher.seal(plaintext), masked: maskSecret(plaintext) }),
    open: (ciphertext) => {
      try {
        return cipher.open(ciphertext);
      } catch {
        throw secretUnreadable();
      }
    },
    index: (kind) => indexes.get(kind)!,
  };
}

const secretUnreadable = () =>
  conflict(
    "SECRET_UNREADABLE",
    "This secret was stored under another encryption key than this server's (ENCRYPTION_KEY, or " +
      "DATA_DIR/encryption.key) and cannot be opened. See docs/backup-and-restore.md.",
  );
