// The title and meta description of every public page, in the language
// being shown (the catalogue's meta.<page>.title and .description).
import { t } from '@/i18n';

export interface Meta {
  title: string;
  description: string;
}

const pages = ['home', 'about', 'team', 'testimonial', 'implementation', 'events', 'volunteer', 'donation', 'receiptVerify', 'privacy', 'terms', 'donor', 'services', 'servicesDetails', 'causes', 'causesDetails', 'eventDetails', 'faq', 'comingSoon', 'contact', 'notFound', 'accounts'] as const;
export type PageKey = (typeof pages)[number];

/** meta.<page> reads its title and description when they are used, so
 * they follow the language. */
export const meta = Object.fromEntries(
  pages.map((k) => [
    k,
    {
      get title() {
        return t(`meta.${k}.title`);
      },
      get description() {
        return t(`meta.${k}.description`);
      },
    },
  ]),
) as Record<PageKey, Meta>;
