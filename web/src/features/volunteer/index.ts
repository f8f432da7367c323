export { VolunteerForm } from './components/volunteer-form';
