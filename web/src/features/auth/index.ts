// Sign-in, registration, password recovery and first-admin setup pages.
export { LoginForm, safeReturnPath } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { RecoverStatic } from './components/recover-static';
export { SetupForm } from './components/setup-form';
export { VerifyEmail } from './components/verify-email';
