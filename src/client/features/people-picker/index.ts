// The people picker feature's public entry: the one way a dialog picks a person (assigning a
// license, hardware or an office account, handing over on offboarding, filtering the activity).
export { UserPicker } from "./user-picker";
