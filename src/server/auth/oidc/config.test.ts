import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { groupsOf, roleByGroups } from "./routes";

const oidc = {
  OIDC_ISSUER: "https://sso.example.com/realms/it",
  OIDC_CLIENT_ID: "quartermaster",
  OIDC_CLIENT_SECRET: "secret",
  PUBLIC_URL: "https://qm.example.com",
};

describe("OIDC sign-in configuration", () => {
  it("is off unless the issuer, client id and secret are set", () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig({}).scimAdminGroups).toBeNull();
    // The administrators' groups serve SCIM Groups without OIDC sign-in too.
    const scimOnly = loadConfig({ OIDC_ADMIN_GROUPS: "IT Admins" });
    expect(scimOnly.oidc).toBeNull();
    expect(scimOnly.scimAdminGroups).toEqual(["IT Admins"]);
  });

  it("has its defaults, and the callback under PUBLIC_URL", () => {
    expect(loadConfig(oidc).oidc).toEqual({
      issuer: "https://sso.example.com/realms/it",
      clientId: "quartermaster",
      clientSecret: "secret",
      buttonLabel: "Sign in with SSO",
      scopes: ["openid", "email", "profile"],
      autoCreate: false,
      adminGroups: null,
      groupsClaim: "groups",
      redirectUri: "https://qm.example.com/api/auth/oidc/callback",
    });
    const { PUBLIC_URL: _url, ...withoutUrl } = oidc;
    expect(loadConfig(withoutUrl).oidc?.redirectUri).toBeNull();
  });

  it("reads the label, scopes, auto-create, admin groups and groups claim", () => {
    const config = loadConfig({
      ...oidc,
      OIDC_BUTTON_LABEL: "  Sign in with Okta ",
      OIDC_SCOPES: "openid  email groups openid",
      OIDC_AUTO_CREATE: "yes",
      OIDC_ADMIN_GROUPS: " IT Admins , ,/qm/admins,IT Admins",
      OIDC_GROUPS_CLAIM: "realm_access.roles",
    }).oidc;
    expect(config).toMatchObject({
      buttonLabel: "Sign in with Okta",
      scopes: ["openid", "email", "groups"],
      autoCreate: true,
      adminGroups: ["IT Admins", "/qm/admins"],
      groupsClaim: "realm_access.roles",
    });
    expect(loadConfig({ ...oidc, OIDC_ADMIN_GROUPS: " , " }).oidc?.adminGroups).toBeNull();
  });

  it("refuses a partial setup, scopes without openid, and a plain-http issuer elsewhere than here", () => {
    const { OIDC_CLIENT_SECRET: _secret, ...noSecret } = oidc;
    expect(() => loadConfig(noSecret)).toThrow(
      "OIDC_CLIENT_SECRET: is required when OIDC_ISSUER or OIDC_CLIENT_ID is set",
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: "x" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...oidc, OIDC_SCOPES: "email profile" })).toThrow(
      "OIDC_SCOPES: must include openid",
    );
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: "http://sso.example.com" })).toThrow(
      "OIDC_ISSUER: must be https://",
    );
    expect(loadConfig({ ...oidc, OIDC_ISSUER: "http://127.0.0.1:8080" }).oidc?.issuer).toBe(
      "http://127.0.0.1:8080",
    );
  });
});

describe("the groups rule", () => {
  it("reads a list, a single name, or a nested claim by its dotted path", () => {
    expect(groupsOf({ groups: ["a", 7, "b"] }, "groups")).toEqual(["a", "b"]);
    expect(groupsOf({ groups: "a" }, "groups")).toEqual(["a"]);
    expect(groupsOf({ realm_access: { roles: ["qm"] } }, "realm_access.roles")).toEqual(["qm"]);
    // A namespaced claim (Auth0) is a name with dots, read whole first.
    expect(groupsOf({ "https://qm.example/groups": ["x"] }, "https://qm.example/groups")).toEqual([
      "x",
    ]);
    expect(groupsOf({ groups: { a: true } }, "groups")).toEqual([]);
    expect(groupsOf({}, "groups")).toEqual([]);
  });

  it("says admin for a member of any admin group, user otherwise, nothing without groups set", () => {
    const rule = { adminGroups: ["IT Admins"], groupsClaim: "groups" };
    expect(roleByGroups(rule, { claims: { groups: ["Staff", "IT Admins"] } })).toBe("admin");
    expect(roleByGroups(rule, { claims: { groups: ["it admins"] } })).toBe("user");
    expect(roleByGroups(rule, { claims: {} })).toBe("user");
    expect(roleByGroups({ adminGroups: null, groupsClaim: "groups" }, { claims: {} })).toBeNull();
  });
});
