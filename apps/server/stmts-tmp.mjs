import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: true });
const TOP = '\u{10FFFF}';
const cols = 'id, user_name, full_name, avatar_url, user_bio, created_at, user_name_lower, full_name_lower';
const time = (label, stmt, ...args) => {
  const s = db.prepare(stmt).raw(true);
  let n = 0; for (let i = 0; i < 50; i++) n = s.all(...args).length;
  let best = Infinity;
  for (let r = 0; r < 7; r++) { const t = process.cpuUsage(); for (let i = 0; i < 100; i++) s.all(...args); const u = process.cpuUsage(t); best = Math.min(best, (u.user + u.system) / 100); }
  console.log(`${best.toFixed(0).padStart(6)} µs  rows=${n}  ${label}`);
};
const q = process.argv[3] ?? 'mar';
time('prefix user_name', `select ${cols} from users where user_name_lower >= ? and user_name_lower < ? and deleted_at is null order by user_name_lower limit 21`, q, q + TOP);
time('prefix full_name', `select ${cols} from users where full_name_lower >= ? and full_name_lower < ? and deleted_at is null order by full_name_lower limit 21`, q, q + TOP);
time('prefix rest', `select ${cols} from users where substr(full_name_lower, instr(full_name_lower, ' ') + 1) >= ? and substr(full_name_lower, instr(full_name_lower, ' ') + 1) < ? and deleted_at is null order by substr(full_name_lower, instr(full_name_lower, ' ') + 1) limit 21`, q, q + TOP);
const phrase = Array.from({ length: q.length - 2 }, (_, i) => `"${q.slice(i, i + 3)}"`).join(' AND ');
const m = `(user_name_lower like ? escape '!' or full_name_lower like ? escape '!')`;
time('substring', `select ${cols} from users where id in (select k.user_id from users_name_trigram_keys k where k.key in (select rowid from users_name_trigrams where users_name_trigrams match ? limit ${process.env.CAP ?? 200})) and ${m} and deleted_at is null order by case when full_name_lower like ? escape '!' or user_name_lower like ? escape '!' or user_name_lower like ? escape '!' then 0 else 1 end, user_name_lower limit 21`, phrase, `%${q}%`, `%${q}%`, `% ${q}%`, `%.${q}%`, `%!_${q}%`);
time('trigram only', `select rowid from users_name_trigrams where users_name_trigrams match ? limit 200`, phrase);
time('trigram count all', `select count(*) from users_name_trigrams where users_name_trigrams match ?`, phrase);
const ids = db.prepare(`select id from users limit 21 offset 5000`).raw(true).all().map(r => r[0]);
const viewer = ids[0];
time('hiddenAmong 21', `select h.id from (select blocked_id as id from blocks where blocker_id = ? union all select blocker_id as id from blocks where blocked_id = ? union all select id from users where suspended_until > ?) h where h.id in (${ids.map(() => '?').join(',')})`, viewer, viewer, new Date().toISOString(), ...ids);
time('user by id', `select * from users where id = ?`, viewer);
