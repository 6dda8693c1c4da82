// Who a workspace sync's changes are by (issue 33): no person, logged via 'sync'. A manual sync
// keeps the administrator who asked for it as the entry's user; the daily run has none.
import type { ActivityActor } from "../activity/record";

export const syncActor = (userId: number | null = null): ActivityActor => ({
  userId,
  ipAddress: null,
  userAgent: null,
  via: "sync",
});
