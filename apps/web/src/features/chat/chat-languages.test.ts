/** The chat in the other languages: its catalog is fetched with the language's, and counts take each plural form. */
import type { GroupSystem } from '@plaza/contract';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../i18n/setup';
import { membersLine, seenByLine, systemLine, typingLine } from './group-texts';

const ana = { _id: 'a', userName: 'ana', fullName: 'Ana Silva' };
const ben = { _id: 'b', userName: 'ben', fullName: 'Ben Ode' };
const cleo = { _id: 'c', userName: 'cleo', fullName: '' };
const line = (event: Partial<GroupSystem>, me = 'z') => systemLine({ type: 'added', actor: ana, users: [], name: null, ...event }, me);

afterEach(() => switchLanguage('en'));

describe('the chat in Spanish', () => {
  it('reads its own catalog and conjugates for "you"', async () => {
    await switchLanguage('es');
    expect(i18next.t('chat:list.heading')).toBe('Conversaciones');
    expect(i18next.t('common:chatToast.from', { name: 'Ana' })).toBe('Mensaje de Ana');
    expect(typingLine(['Ana', 'Ben', 'Cleo'])).toBe('Ana y 2 personas más están escribiendo…');
    expect(membersLine(3, 1)).toBe('3 miembros, 1 en línea');
    expect(line({ type: 'added', users: [ben, cleo] })).toBe('Ana Silva añadió a Ben Ode y cleo');
    expect(line({ type: 'removed', users: [ben] }, 'b')).toBe('Ana Silva te eliminó');
    expect(line({ type: 'left' }, 'a')).toBe('Saliste del grupo');
  });
});

describe('the chat in Arabic', () => {
  it('takes the plural form of each count', async () => {
    await switchLanguage('ar');
    expect(membersLine(1, 0)).toBe('عضو واحد');
    expect(membersLine(2, 0)).toBe('عضوان');
    expect(membersLine(3, 0)).toBe('3 أعضاء');
    expect(membersLine(11, 0)).toBe('11 عضوًا');
    expect(membersLine(100, 0)).toBe('100 عضو');
    expect(seenByLine(2, 5)).toBe('شاهدها شخصان');
    expect(i18next.t('chat:row.unread', { count: 4 })).toBe('4 رسائل غير مقروءة');
  });
});

describe('the chat in the pseudo-locale', () => {
  it('is made from the English the chat brought with it', async () => {
    await switchLanguage('pseudo');
    expect(i18next.t('chat:page.welcome')).toMatch(/^\[.*Çhát.*\]$/);
  });
});
