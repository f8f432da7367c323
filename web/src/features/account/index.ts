// The signed-in user's own account page.
export { MyAccount } from './components/my-account';
