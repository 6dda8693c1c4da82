// The account security feature's public entry: how a person signs in and proves it (password,
// passkeys, second factor). The Profile shows its Security tab, the Settings page's two-factor
// switch opens its dialogs, and User Details offers an administrator's second-factor reset.
export { AdminTwoFactorReset } from "./admin-two-factor-reset";
export { SecurityTab } from "./security-tab";
export { useTwoFactorStatus } from "./two-factor-api";
export { TwoFactorDisableDialog } from "./two-factor-disable-dialog";
export { TwoFactorSetupDialog } from "./two-factor-setup-dialog";
