// Route module for /debug.
export { DebugPage as Component } from './debug-page.tsx';
