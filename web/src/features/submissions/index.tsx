// The signed-in user's submissions, rendered on My Account.
export { MySubmissions } from './components/my-submissions';
