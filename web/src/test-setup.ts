import '@testing-library/jest-dom/vitest';
import { compileCatalogue } from '@/i18n/compile';
import { setMessages } from '@/i18n';
import en from '@/i18n/messages/en.json';

// Components are tested in English, with the catalogue the build ships
// and the dashboard's part of it.
setMessages('en', compileCatalogue(en), ['admin']);
