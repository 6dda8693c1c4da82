// The activity feature's public entry: the History section that other features' item dialogs
// show. Its page is loaded by the router directly (a chunk of its own).
export { ItemHistory, ItemHistoryRecords } from "./item-history";
