// The care register's tests render in English with its part of the
// catalogue ready, as a register page has it once its messages are loaded.
import { compileCatalogue } from '@/i18n/compile';
import { setMessages } from '@/i18n';
import en from '@/i18n/messages/en.json';

setMessages('en', compileCatalogue(en), ['admin', 'care']);
