// The contact form's call. `website` is the honeypot.
import { api } from '@/lib/api';
import type { Received } from '@/lib/confirmation';
import type { FormValues } from '@/lib/schemas/types.gen';
import type { contactSchema } from '@/lib/schemas/contact.gen';

/** ContactPayload is the message as the form sends it: the fields of its
 * schema and the honeypot a person never fills. */
export type ContactPayload = FormValues<typeof contactSchema> & { website: string };

export function sendContact(payload: ContactPayload): Promise<Received> {
  return api('/contact', { method: 'POST', body: payload });
}
