// The imports feature's public entry: the Import button that the list pages of the importable
// areas put in their header. The dialog and its server calls are internal.
export { ImportButton } from "./import-button";
