// The signed-in user's submissions, rendered on My Account (issue 4).
export { MySubmissions } from './components/my-submissions';
