// The one JSON body parser of the API. No request body needs more than a few levels (the deepest,
// an offboarding's decisions, has three), while a 20 KB body of 10,000 nested arrays reached every
// walker behind the parser: the U+0000 check recursed over it for 5.5 s, held up every other
// request meanwhile, and ended in a stack overflow (500). The nesting is counted on the raw text,
// in one pass and without recursion, before anything parses or walks the body.
import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

/** The deepest nesting of arrays and objects any request body may have. */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the text opens more than `limit` arrays or objects inside each other. Brackets inside
 * strings do not count. Malformed text is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces the JSON parser of `app` (the whole app, or one plugin's scope) with Fastify's own
 * (prototype-poisoning refused, as by default) behind the nesting check. `allowEmpty`: an empty
 * body reads as no body instead of a 400, for routes whose callers send one labelled JSON.
 */
export function registerJsonBodyParser(
  app: FastifyInstance,
  options: { allowEmpty?: boolean } = {},
) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (options.allowEmpty && text.trim() === "") return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new AppError(400, "JSON_TOO_DEEP", JSON_TOO_DEEP_MESSAGE), undefined);
    }
    parseJson(request, text, done);
  });
}
