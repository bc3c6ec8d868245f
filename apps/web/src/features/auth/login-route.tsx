// Route module for /login.
export { LoginPage as Component } from './login-page.tsx';
