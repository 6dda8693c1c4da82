// Who a SCIM request is: the token's id and name (there is no person behind it). Every change is
// logged via 'scim', with the token in the entry's detail.
import type { ActivityActor } from "../activity/record";

export interface ScimCaller {
  tokenId: number;
  tokenName: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export const scimActor = (caller: ScimCaller): ActivityActor => ({
  userId: null,
  ipAddress: caller.ipAddress,
  userAgent: caller.userAgent,
  via: "scim",
});

export const scimDetail = (caller: ScimCaller) => ({
  scimToken: { id: caller.tokenId, name: caller.tokenName },
});
