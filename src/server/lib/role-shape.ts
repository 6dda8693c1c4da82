// A route declares one response schema per status (the widest shape: the administrators'). Where
// the spec gives some fields to administrators only, the route narrows the reply of everyone else
// to a smaller schema here, so those fields are dropped by the serializer itself, whatever the
// service returned: the same guarantee as the declared schema, one shape per role.
import type { FastifyReply } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import type { z } from "zod";

type Serializer = (payload: unknown) => string;
const serializers = new WeakMap<z.ZodType, Serializer>();

function serializerFor(schema: z.ZodType): Serializer {
  let serializer = serializers.get(schema);
  if (!serializer) {
    serializer = (payload) => {
      const result = schema.safeEncode(payload);
      if (!result.success) {
        throw new ResponseSerializationError("narrowed", "reply", { cause: result.error });
      }
      return JSON.stringify(result.data);
    };
    serializers.set(schema, serializer);
  }
  return serializer;
}

/**
 * Serialize this reply through `schema` instead of the route's declared response schema.
 * Call it right before returning the payload: it applies to whatever the reply sends next.
 */
export function narrowReply(reply: FastifyReply, schema: z.ZodType): void {
  reply.type("application/json; charset=utf-8").serializer(serializerFor(schema));
}
