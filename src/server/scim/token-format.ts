// SCIM tokens on the wire: `qms_` and 256 random bits (base64url), only as `Authorization: Bearer`.
// Stored as their SHA-256 (auth/sessions.ts hashToken), as personal API tokens are.
import { randomBytes } from "node:crypto";

const WELL_FORMED = /^qms_[A-Za-z0-9_-]{43}$/;

export const generateScimToken = () => `qms_${randomBytes(32).toString("base64url")}`;

export const isWellFormedScimToken = (token: string) => WELL_FORMED.test(token);
