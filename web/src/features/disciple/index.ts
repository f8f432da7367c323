export { DiscipleForm } from './components/disciple-form';
export { ConfirmationForm } from './components/confirmation-form';
