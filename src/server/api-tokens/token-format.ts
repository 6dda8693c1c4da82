// Personal API tokens on the wire: `qmt_` and 256 random bits (base64url), sent only as
// `Authorization: Bearer <token>` (read by http/bearer.ts). The prefix lets secret scanners
// recognise a leaked token.
import { randomBytes } from "node:crypto";

export const API_TOKEN_PREFIX = "qmt_";
const WELL_FORMED = /^qmt_[A-Za-z0-9_-]{43}$/;

export const generateApiToken = () => API_TOKEN_PREFIX + randomBytes(32).toString("base64url");

export const isWellFormedApiToken = (token: string) => WELL_FORMED.test(token);
