// The settings feature's public entry: the user's preferences, which other screens follow (the
// licenses' key masking).
export { usePreferences } from "./preferences-api";
