// The G Suite feature's public entry: what other features (the User Details dialog) may use.
export { UserGsuiteAccounts } from "./user-gsuite-accounts";
