// The office accounts feature's public entry: what other features (the User Details dialog) may use.
export { accountKeys } from "./api";
export { UserOfficeAccounts } from "./user-office-accounts";
