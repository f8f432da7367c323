// The contact form, rendered by the Contact Us page (issue 7).
export { ContactForm } from './components/contact-form';
