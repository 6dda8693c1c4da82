// /scim/v2 (RFC 7644): discovery, Users and Groups (decision 0059), for identity providers (Entra ID, Okta...) with a
// SCIM token. Outside /api: its own bearer tokens, its own media type (application/scim+json,
// plain JSON accepted too) and its own error shape (errors.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { createRateLimiter } from "../http/rate-limit";
import { createScimAuthenticator } from "./auth";
import type { ScimCaller } from "./caller";
import { listResponse, resourceTypes, schemas, serviceProviderConfig } from "./discovery";
import { registerScimErrorHandler, SCIM_CONTENT_TYPE, ScimError } from "./errors";
import { parseUserFilter } from "./filter";
import {
  applyGroupPatch,
  createScimGroup,
  deleteScimGroup,
  findGroup,
  groupStateOf,
  listScimGroups,
  parseGroupFilter,
  toScimGroup,
  updateScimGroup,
} from "./groups";
import { patchRequestSchema } from "./patch";
import { toScimUser } from "./user-resource";
import {
  createScimUser,
  deleteScimUser,
  findManagedUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from "./users-service";

const resourceSchema = z.record(z.string(), z.unknown());

const listQuerySchema = z.object({
  filter: z.string().max(1000).optional(),
  // RFC 7644 §3.4.2.4: below 1 is read as 1; a negative count as 0.
  startIndex: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((n) => Math.max(1, n)),
  count: z.coerce
    .number()
    .int()
    .catch(100)
    .transform((n) => Math.min(200, Math.max(0, n))),
  // Entra ID lists groups without their members (excludedAttributes=members).
  excludedAttributes: z.string().max(1000).optional(),
});

function idOf(request: FastifyRequest, resource: "User" | "Group" = "User"): number {
  const raw = (request.params as { id?: string }).id ?? "";
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw new ScimError(404, `${resource} not found`);
  }
  return id;
}

const withoutMembers = (excluded: string | undefined) =>
  (excluded ?? "").split(",").some((name) => name.trim().toLowerCase() === "members");

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ScimError(
      400,
      `${issue?.path.join(".") || "body"}: ${issue?.message}`,
      "invalidValue",
    );
  }
  return result.data;
}

export async function scimRoutes(
  app: FastifyInstance,
  options: {
    adoptByEmail: boolean;
    rateLimitPerMinute: number;
    adminGroups: readonly string[] | null;
  },
) {
  const groupOptions = { adminGroups: options.adminGroups };
  await app.register(
    async (scim) => {
      registerScimErrorHandler(scim);
      scim.removeContentTypeParser("application/json");
      scim.addContentTypeParser(
        ["application/scim+json", "application/json"],
        { parseAs: "string" },
        (_request, body, done) => {
          try {
            done(null, body === "" ? {} : JSON.parse(body as string));
          } catch {
            done(new ScimError(400, "The body is not valid JSON", "invalidSyntax"), undefined);
          }
        },
      );
      const authenticate = createScimAuthenticator(app.db);
      // Counted per token, after it is known: an identity provider's addresses are shared by its
      // tenants, so one tenant's bad token must not hold up another's requests.
      const limiter = createRateLimiter({ max: options.rateLimitPerMinute, windowMs: 60_000 });
      const callers = new WeakMap<FastifyRequest, ScimCaller>();
      scim.addHook("onRequest", async (request, reply) => {
        reply.header("cache-control", "no-store");
        const caller = await authenticate(request);
        const verdict = limiter.hit(`token:${caller.tokenId}`);
        if (!verdict.allowed) {
          reply.header("retry-after", String(verdict.retryAfterSeconds));
          throw new ScimError(
            429,
            `Too many requests for this SCIM token. Try again in ${verdict.retryAfterSeconds} seconds.`,
          );
        }
        callers.set(request, caller);
      });
      scim.addHook("onSend", async (_request, reply, payload) => {
        if (reply.statusCode !== 204) reply.type(SCIM_CONTENT_TYPE);
        return payload;
      });
      const callerOf = (request: FastifyRequest) => callers.get(request)!;
      const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

      scim.get("/ServiceProviderConfig", async (request) => serviceProviderConfig(baseOf(request)));
      scim.get("/ResourceTypes", async (request) => {
        const list = resourceTypes(baseOf(request));
        return listResponse(list, list.length, 1);
      });
      scim.get("/Schemas", async (request) => {
        const list = schemas(baseOf(request));
        return listResponse(list, list.length, 1);
      });

      scim.get("/Users", async (request) => {
        const query = parsed(listQuerySchema, request.query);
        const filter = parseUserFilter(query.filter);
        const { total, rows } = await listScimUsers(app.db, filter, query.startIndex, query.count);
        return listResponse(
          rows.map((row) => toScimUser(row, baseOf(request))),
          total,
          query.startIndex,
        );
      });

      scim.post("/Users", async (request, reply) => {
        const body = parsed(resourceSchema, request.body);
        const row = await createScimUser(app.db, body, callerOf(request), options.adoptByEmail);
        const resource = toScimUser(row, baseOf(request));
        reply.header("location", (resource.meta as { location: string }).location);
        return reply.status(201).send(resource);
      });

      scim.get("/Users/:id", async (request) =>
        toScimUser(await findManagedUser(app.db, idOf(request)), baseOf(request)),
      );

      scim.put("/Users/:id", async (request) => {
        const body = parsed(resourceSchema, request.body);
        const row = await replaceScimUser(app.db, idOf(request), body, callerOf(request));
        return toScimUser(row, baseOf(request));
      });

      scim.patch("/Users/:id", async (request) => {
        const patch = parsed(patchRequestSchema, request.body);
        const id = idOf(request);
        const current = toScimUser(await findManagedUser(app.db, id), baseOf(request));
        const row = await patchScimUser(app.db, id, current, patch, callerOf(request));
        return toScimUser(row, baseOf(request));
      });

      scim.delete("/Users/:id", async (request, reply) => {
        await deleteScimUser(app.db, idOf(request), callerOf(request));
        return reply.status(204).send();
      });

      scim.get("/Groups", async (request) => {
        const query = parsed(listQuerySchema, request.query);
        const filter = parseGroupFilter(query.filter);
        const { total, rows } = await listScimGroups(app.db, filter, query.startIndex, query.count);
        const members = !withoutMembers(query.excludedAttributes);
        const resources = [];
        for (const row of rows) {
          resources.push(await toScimGroup(app.db, row, baseOf(request), members));
        }
        return listResponse(resources, total, query.startIndex);
      });

      scim.post("/Groups", async (request, reply) => {
        const state = groupStateOf(parsed(resourceSchema, request.body));
        const row = await createScimGroup(app.db, state, callerOf(request), groupOptions);
        const resource = await toScimGroup(app.db, row, baseOf(request));
        reply.header("location", resource.meta.location);
        return reply.status(201).send(resource);
      });

      scim.get("/Groups/:id", async (request) => {
        const query = parsed(listQuerySchema, request.query);
        const row = await findGroup(app.db, idOf(request, "Group"));
        return toScimGroup(app.db, row, baseOf(request), !withoutMembers(query.excludedAttributes));
      });

      scim.put("/Groups/:id", async (request) => {
        const state = groupStateOf(parsed(resourceSchema, request.body));
        const id = idOf(request, "Group");
        const row = await updateScimGroup(app.db, id, () => state, callerOf(request), groupOptions);
        return toScimGroup(app.db, row, baseOf(request));
      });

      scim.patch("/Groups/:id", async (request, reply) => {
        const patch = parsed(patchRequestSchema, request.body);
        const id = idOf(request, "Group");
        await updateScimGroup(
          app.db,
          id,
          (current) => applyGroupPatch(current, patch),
          callerOf(request),
          groupOptions,
        );
        // RFC 7644 §3.5.2: 204 without a body is allowed, and what Entra ID and Okta expect.
        return reply.status(204).send();
      });

      scim.delete("/Groups/:id", async (request, reply) => {
        await deleteScimGroup(app.db, idOf(request, "Group"), callerOf(request), groupOptions);
        return reply.status(204).send();
      });
    },
    { prefix: "/scim/v2" },
  );
}
