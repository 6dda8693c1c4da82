// One stored vocabulary of hardware types. The spec's three screens each show a different list:
// Add (lower-case keys), Edit (a capitalised list with Headset, Camera, Hard Drive, Docking
// Station and Cable on top) and Request New (with 'pc' and 'peripheral'). All three map onto the
// keys below, so an item added as 'laptop' edits as Laptop, and a type chosen on any screen is
// stored as one key and shown with one label: nothing is lost between screens.

import { HARDWARE_TYPES, type HardwareType } from "./enums";

export { HARDWARE_TYPES, type HardwareType };

export const HARDWARE_TYPE_LABELS: Record<HardwareType, string> = {
  laptop: "Laptop",
  desktop: "Desktop",
  monitor: "Monitor",
  phone: "Phone",
  tablet: "Tablet",
  keyboard: "Keyboard",
  mouse: "Mouse",
  printer: "Printer",
  server: "Server",
  network: "Network",
  storage: "Storage",
  headset: "Headset",
  camera: "Camera",
  "hard-drive": "Hard Drive",
  "docking-station": "Docking Station",
  cable: "Cable",
  peripheral: "Peripheral",
  other: "Other",
};

/** The Add dialog's list (spec part 2, section 9). */
export const ADD_HARDWARE_TYPES: readonly HardwareType[] = [
  "laptop",
  "desktop",
  "monitor",
  "phone",
  "tablet",
  "keyboard",
  "mouse",
  "printer",
  "server",
  "network",
  "storage",
  "other",
];

/**
 * The Edit dialog's list: the spec's capitalised list (with Headset, Camera, Hard Drive, Docking
 * Station, Cable) widened to every stored key, so an item of any type edits without losing it.
 */
export const EDIT_HARDWARE_TYPES: readonly HardwareType[] = HARDWARE_TYPES;

/** The Request New tab's list; its 'pc' is stored as desktop. */
export const REQUEST_NEW_HARDWARE_TYPES = [
  "laptop",
  "pc",
  "monitor",
  "printer",
  "tablet",
  "phone",
  "peripheral",
  "other",
] as const;

// Other spellings a screen or an older client sends, mapped onto a stored key.
// A Map, not an object: the text comes from requests, and '__proto__' must name no type.
const ALIASES = new Map<string, HardwareType>([
  ["pc", "desktop"],
  ["computer", "desktop"],
  ["accessory", "peripheral"],
  ["accessories", "peripheral"],
  ["dock", "docking-station"],
  ["harddrive", "hard-drive"],
  ["hdd", "hard-drive"],
  ["ssd", "hard-drive"],
  ["webcam", "camera"],
]);

const byLabel = new Map<string, HardwareType>(
  HARDWARE_TYPES.map((key) => [HARDWARE_TYPE_LABELS[key].toLowerCase(), key]),
);

/**
 * The stored key for a type written as a key ('hard-drive'), a label in any case ('Hard Drive',
 * 'LAPTOP') or an alias ('pc'); undefined when it names no known type.
 */
export function hardwareTypeKey(value: string): HardwareType | undefined {
  const text = value.trim().toLowerCase();
  if ((HARDWARE_TYPES as readonly string[]).includes(text)) return text as HardwareType;
  const spaced = text.replace(/[-_\s]+/g, " ");
  return byLabel.get(spaced) ?? ALIASES.get(text) ?? ALIASES.get(spaced.replace(/ /g, ""));
}

/** The label a type is shown with; an unknown stored value is shown as it is. */
export function hardwareTypeLabel(type: string): string {
  const key = hardwareTypeKey(type);
  return key ? HARDWARE_TYPE_LABELS[key] : type;
}
