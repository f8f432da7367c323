// Sign-in, registration and password recovery pages.
export { LoginForm, safeReturnPath } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { RecoverStatic } from './components/recover-static';
