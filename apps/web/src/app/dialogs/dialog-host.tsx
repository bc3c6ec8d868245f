// Every global dialog, mounted once beside the router so that any page or error can open one. None
// is on the first screen, so each one's code (MUI Dialog, lists, alerts) loads the first time it
// opens and then stays mounted (closing keeps its transition). docs/decisions/0019-web-delivery.md.
import { type ReactNode, Suspense, useState } from 'react';
import type { DialogName } from '../../lib/dialog-request.ts';
import { lazyOrNothing } from '../../lib/lazy-or-nothing.ts';
import { useAppStore } from '../app-store.ts';

const VipDialog = lazyOrNothing('vip-dialog', () => import('./vip-dialog.tsx').then((m) => m.VipDialog));
const PayDialog = lazyOrNothing('pay-dialog', () => import('./pay-dialog.tsx').then((m) => m.PayDialog));
const OutOfLimitDialog = lazyOrNothing('out-of-limit-dialog', () =>
  import('./out-of-limit-dialog.tsx').then((m) => m.OutOfLimitDialog),
);
const NoPermissionDialog = lazyOrNothing('permission-dialogs', () =>
  import('./permission-dialogs.tsx').then((m) => m.NoPermissionDialog),
);
const PublicOnlyDialog = lazyOrNothing('permission-dialogs', () =>
  import('./permission-dialogs.tsx').then((m) => m.PublicOnlyDialog),
);
const LoginHintDialog = lazyOrNothing('login-hint-dialog', () =>
  import('./login-hint-dialog.tsx').then((m) => m.LoginHintDialog),
);
const ContactDialog = lazyOrNothing('contact-dialog', () =>
  import('./contact-dialog.tsx').then((m) => m.ContactDialog),
);
const RightsTableDialog = lazyOrNothing('rights-table-dialog', () =>
  import('./rights-table-dialog.tsx').then((m) => m.RightsTableDialog),
);
const PickDialog = lazyOrNothing('tier-dialog', () => import('./tier-dialog.tsx').then((m) => m.PickDialog));
const BestDialog = lazyOrNothing('tier-dialog', () => import('./tier-dialog.tsx').then((m) => m.BestDialog));
const CollectDialog = lazyOrNothing('collect-dialogs', () =>
  import('../../features/review/collect-dialogs.tsx').then((m) => m.CollectDialog),
);
const AddCollectTagDialog = lazyOrNothing('collect-dialogs', () =>
  import('../../features/review/collect-dialogs.tsx').then((m) => m.AddCollectTagDialog),
);
const MaintenanceOverlay = lazyOrNothing('maintenance-overlay', () =>
  import('./maintenance-overlay.tsx').then((m) => m.MaintenanceOverlay),
);
const GlobalBackdrop = lazyOrNothing('global-backdrop', () =>
  import('./global-backdrop.tsx').then((m) => m.GlobalBackdrop),
);

/** Renders its child from the first time `open` is true on (the child reads its own open state). */
function OnceOpened(props: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{props.children}</Suspense> : null;
}

function Dialog(props: { name: DialogName; children: ReactNode }) {
  const open = useAppStore((s) => s.dialogs[props.name] !== undefined);
  return <OnceOpened open={open}>{props.children}</OnceOpened>;
}

export function DialogHost() {
  const maintenance = useAppStore((s) => s.maintenanceOpen);
  const backdrop = useAppStore((s) => s.backdropCount > 0);
  return (
    <>
      <Dialog name="vip">
        <VipDialog />
      </Dialog>
      <Dialog name="pay">
        <PayDialog />
      </Dialog>
      <Dialog name="out_of_limit">
        <OutOfLimitDialog />
      </Dialog>
      <Dialog name="no_permission">
        <NoPermissionDialog />
      </Dialog>
      <Dialog name="public_only">
        <PublicOnlyDialog />
      </Dialog>
      <Dialog name="login_hint">
        <LoginHintDialog />
      </Dialog>
      <Dialog name="contact">
        <ContactDialog />
      </Dialog>
      <Dialog name="rights_table">
        <RightsTableDialog />
      </Dialog>
      <Dialog name="pick">
        <PickDialog />
      </Dialog>
      <Dialog name="best">
        <BestDialog />
      </Dialog>
      <Dialog name="collect">
        <CollectDialog />
      </Dialog>
      <Dialog name="add_collect_tag">
        <AddCollectTagDialog />
      </Dialog>
      <OnceOpened open={maintenance}>
        <MaintenanceOverlay />
      </OnceOpened>
      <OnceOpened open={backdrop}>
        <GlobalBackdrop />
      </OnceOpened>
    </>
  );
}
