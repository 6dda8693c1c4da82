// The settings feature's public entry: the per-user security pieces the Profile and the Users area
// mount (second factor, password change, an administrator's reset) and the user's preferences.
export { AdminTwoFactorReset } from "./admin-two-factor-reset";
export { usePreferences } from "./preferences-api";
export { useChangePassword, useTwoFactorStatus } from "./two-factor-api";
export { RecoveryCodesDialog, TwoFactorDisableDialog } from "./two-factor-disable-dialog";
export { TwoFactorSetupDialog } from "./two-factor-setup-dialog";
