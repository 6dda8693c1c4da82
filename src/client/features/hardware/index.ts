// The hardware feature's public entry: what other features (the User Details dialog) may use.
export { UserHardware } from "./user-hardware";
