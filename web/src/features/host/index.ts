export { HostForm } from './components/host-form';
