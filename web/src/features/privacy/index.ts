// Privacy: My Account's "My data" section. The forms import their lazy
// privacy notice from components/lazy-notice directly, so that a form's
// chunk does not carry My data.
export { MyData } from './components/my-data';
