// A software passkey authenticator for API tests: answers the options our server sends with the
// JSON @simplewebauthn/browser would send, signing with real P-256 keys ('none' attestation).
// Browser tests use Chromium's own virtual authenticator instead.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

type Bytes = Uint8Array<ArrayBuffer>;

interface StoredCredential {
  id: Bytes;
  privateKey: KeyObject;
  cosePublicKey: Bytes;
  counter: number;
  userHandle: string;
}

const sha256 = (data: Uint8Array | string): Bytes =>
  new Uint8Array(createHash("sha256").update(data).digest());

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const uint32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(bytes as Bytes);

export interface CeremonyOptions {
  challenge: string;
  rpId?: string;
  rp?: { id?: string };
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  private authData(flags: number, counter: number, attested?: Uint8Array) {
    return concat(
      sha256(this.rpId),
      Uint8Array.of(flags),
      uint32(counter),
      attested ?? new Uint8Array(),
    );
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return new TextEncoder().encode(
      JSON.stringify({ type, challenge, origin, crossOrigin: false }),
    );
  }

  /** navigator.credentials.create(): a new credential for the options' user. */
  register(
    options: CeremonyOptions,
    {
      userVerified = true,
      origin = this.origin,
      sameIdAs,
    }: { userVerified?: boolean; origin?: string; sameIdAs?: StoredCredential } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const id: Bytes = sameIdAs?.id ?? new Uint8Array(randomBytes(32));
    const counter = 0;
    const idLength = Uint8Array.of(id.length >> 8, id.length & 0xff);
    const attested = concat(new Uint8Array(16), idLength, id, cosePublicKey);
    const flags = 0x01 | (userVerified ? 0x04 : 0) | 0x40;
    const authData = this.authData(flags, counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Bytes | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    this.credentials.push({
      id,
      privateKey,
      cosePublicKey,
      counter,
      userHandle: options.user?.id ?? "",
    });
    return {
      id: b64(id),
      rawId: b64(id),
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64(this.clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /**
   * navigator.credentials.get(): an assertion by the first (or the given) credential. The counter
   * advances by one unless `counter` says what to sign with (a clone's stale count).
   */
  authenticate(
    options: CeremonyOptions,
    {
      credential = this.credentials[0],
      counter,
      userVerified = true,
      origin = this.origin,
    }: {
      credential?: StoredCredential;
      counter?: number;
      userVerified?: boolean;
      origin?: string;
    } = {},
  ) {
    if (!credential) throw new Error("SoftAuthenticator: no credential registered");
    credential.counter = counter ?? credential.counter + 1;
    const authData = this.authData(0x01 | (userVerified ? 0x04 : 0), credential.counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const signature = sign(
      "sha256",
      concat(authData, sha256(clientDataJSON)),
      credential.privateKey,
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        authenticatorData: b64(authData),
        clientDataJSON: b64(clientDataJSON),
        signature: b64(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
    };
  }
}
