import { ContactDialog } from './contact-dialog.tsx';
import { GlobalBackdrop } from './global-backdrop.tsx';
import { LoginHintDialog } from './login-hint-dialog.tsx';
import { MaintenanceOverlay } from './maintenance-overlay.tsx';
import { OutOfLimitDialog } from './out-of-limit-dialog.tsx';
import { NoPermissionDialog, PublicOnlyDialog } from './permission-dialogs.tsx';
import { RightsTableDialog } from './rights-table-dialog.tsx';
import { VipDialog } from './vip-dialog.tsx';

/** Every global dialog, mounted once beside the router so that any page or error can open one. */
export function DialogHost() {
  return (
    <>
      <VipDialog />
      <OutOfLimitDialog />
      <NoPermissionDialog />
      <PublicOnlyDialog />
      <LoginHintDialog />
      <ContactDialog />
      <RightsTableDialog />
      <MaintenanceOverlay />
      <GlobalBackdrop />
    </>
  );
}
