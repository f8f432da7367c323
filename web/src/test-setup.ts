import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { compileCatalogue } from '@/i18n/compile';
import { setMessages } from '@/i18n';
import en from '@/i18n/messages/en.json';

// Components are tested in English, with the catalogue the build ships
// and the dashboard's part of it.
setMessages('en', compileCatalogue(en), ['admin']);

// Parts of the forms load when first shown (the error summary, dialogs,
// a dashboard tab's actions); on a busy machine their import can take
// longer than the library's default second, so the queries that wait for
// them wait up to five.
configure({ asyncUtilTimeout: 5_000 });
