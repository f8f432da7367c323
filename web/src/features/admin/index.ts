// The admin dashboard feature: only the /admin route imports it.
export { AdminDashboard, AccessDenied } from './components/admin-dashboard';
