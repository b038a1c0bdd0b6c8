/** Demo people: about fifty accounts with names, bios and drawn avatars, plus the `demo` login. */
import type { AppContext } from '../context';
import { newId } from '../lib/ids';
import { processImage } from '../media/images';
import { hashPassword } from '../modules/auth';
import { userRepo, type UserRow } from '../modules/users';
import { avatarPng } from './avatars';
import { FIRST_NAMES as FIRST, LAST_NAMES as LAST } from './names';

export interface SeededPeople {
  demo: UserRow;
  all: UserRow[];
  password: string;
}

const BIOS = [
  'Coffee first, then code. Weekend trail runner.',
  'Amateur photographer chasing golden hour.',
  'Teaching kids to love maths, one puzzle at a time.',
  'Plant parent of 23. Yes, I named them all.',
  'Product designer. Loves clean typography and long walks.',
  'Learning Japanese and failing at sourdough.',
  'Cyclist, reader, occasional poet.',
  'Nurse by night, gamer by day.',
  'Building furniture out of reclaimed wood.',
  'Jazz on vinyl and strong opinions about pizza.',
  null,
  'Moved to a new city, say hi!',
  'Climbing walls and writing songs about it.',
  null,
];

export const DEMO_PASSWORD = 'plaza-demo-2026';

export async function seedAccounts(ctx: AppContext, log: (msg: string) => void): Promise<SeededPeople> {
  const users = userRepo(ctx.db);
  const existing = await users.findByUserName('demo');
  if (existing) {
    log('Demo people already exist; adding to them.');
    const all = await users.listAll();
    return { demo: existing, all, password: DEMO_PASSWORD };
  }
  log('Creating 50 demo people with drawn avatars…');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people: Array<{ first: string; last: string; userName: string }> = [{ first: 'Demo', last: 'User', userName: 'demo' }];
  for (let i = 0; i < 49; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const userName =
      `${first}.${last}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z.]/g, '') + (i >= FIRST.length ? i : '');
    people.push({ first, last, userName });
  }
  const all: UserRow[] = [];
  const base = Date.now() - 90 * 86_400_000;
  for (const [i, p] of people.entries()) {
    const img = await processImage(await avatarPng(`${p.first[0]}${p.last[0]}`, i), { maxSize: 512, thumbSize: 96, square: true });
    const main = await ctx.storage.put('avatars', 'webp', img.main);
    const thumb = await ctx.storage.put('avatars', 'webp', img.thumb);
    const created = new Date(base + i * 3_600_000 * 7).toISOString();
    const fullName = `${p.first} ${p.last}`;
    const row: UserRow = {
      id: newId(),
      user_name: p.userName,
      user_name_lower: p.userName.toLowerCase(),
      full_name: fullName,
      full_name_lower: fullName.toLowerCase(),
      email: `${p.userName}@plaza.example`,
      user_bio: i === 0 ? 'The account for trying Plaza out.' : BIOS[i % BIOS.length],
      avatar_url: main.url,
      avatar_thumb_url: thumb.url,
      password_hash: passwordHash,
      role: 'member',
      suspended_until: null,
      created_at: created,
      updated_at: created,
      // Demo addresses cannot receive mail; they count as verified so the demo posts freely.
      email_verified_at: created,
      language: 'en',
      deleted_at: null,
      remote_host: null,
      profile_url: null,
    };
    await users.insert(row);
    all.push(row);
  }
  log(`Created ${all.length} people (all share the demo password).`);
  return { demo: all[0], all, password: DEMO_PASSWORD };
}
