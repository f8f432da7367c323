// The contact form, rendered by the Contact Us page.
export { ContactForm } from './components/contact-form';
