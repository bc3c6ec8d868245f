// Route module for /agreement.
export { AgreementPage as Component } from './agreement-page.tsx';
