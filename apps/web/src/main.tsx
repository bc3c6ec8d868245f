import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { connectApiClient } from './app/api-wiring.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { readMigrationConfig, shouldShowMigrationNotice } from './features/migration/migration.ts';
import { getDeviceId } from './lib/device-id.ts';
import { startSessionRenewal } from './lib/session-renewal.ts';
import { readStorage, storageKeys } from './lib/storage.ts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = createRoot(container);

const migration = readMigrationConfig(import.meta.env);
if (shouldShowMigrationNotice(migration, readStorage(storageKeys.migrationBypassAt), Date.now())) {
  // Only a moved site shows the notice: its code stays out of everyone else's first screen.
  void import('./features/migration/migration-notice.tsx').then(({ MigrationNotice }) =>
    root.render(
      <StrictMode>
        <AppProviders withDialogs={false}>
          <MigrationNotice config={migration} />
        </AppProviders>
      </StrictMode>,
    ),
  );
} else {
  getDeviceId();
  // Connected first: the router starts the start-up loader as soon as it is created.
  let router: ReturnType<typeof createAppRouter> | null = null;
  connectApiClient(() => {
    if (router === null) throw new Error('the router is not created yet');
    return router;
  });
  router = createAppRouter();
  // Logins are extended with resume_login before they expire.
  startSessionRenewal();
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
