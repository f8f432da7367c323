// The contact form's call. `website` is the honeypot.
import { api } from '@/lib/api';
import type { Received } from '@/lib/confirmation';

export interface ContactPayload {
  name: string;
  email: string;
  subject: string;
  phone: string;
  message: string;
  acceptTerms: boolean;
  website: string;
}

export function sendContact(payload: ContactPayload): Promise<Received> {
  return api('/contact', { method: 'POST', body: payload });
}
