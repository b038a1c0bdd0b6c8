import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: true });
const cols = 'u.id, u.user_name, u.full_name, u.avatar_url, u.user_bio, u.created_at, u.user_name_lower, u.full_name_lower';
const q = process.argv[3] ?? 'dqvi'; const CAP = Number(process.env.CAP ?? 50);
const phrase = Array.from({ length: q.length - 2 }, (_, i) => `"${q.slice(i, i + 3)}"`).join(' AND ');
const m = `(u.user_name_lower like @c escape '!' or u.full_name_lower like @c escape '!')`;
const order = `order by case when u.full_name_lower like @s escape '!' or u.user_name_lower like @d escape '!' or u.user_name_lower like @u escape '!' then 0 else 1 end, u.user_name_lower limit 21`;
const params = { p: phrase, c: `%${q}%`, s: `% ${q}%`, d: `%.${q}%`, u: `%!_${q}%` };
const variants = {
  current: `select ${cols} from users u where u.id in (select k.user_id from users_name_trigram_keys k where k.key in (select rowid from users_name_trigrams where users_name_trigrams match @p limit ${CAP})) and ${m} and u.deleted_at is null ${order}`,
  join: `select ${cols} from (select rowid as key from users_name_trigrams where users_name_trigrams match @p limit ${CAP}) c join users_name_trigram_keys k on k.key = c.key join users u on u.id = k.user_id where ${m} and u.deleted_at is null ${order}`,
  ftsnames: `select ${cols} from (select rowid as key from users_name_trigrams t where users_name_trigrams match @p and (t.user_name_lower like @c escape '!' or t.full_name_lower like @c escape '!') limit ${CAP}) c join users_name_trigram_keys k on k.key = c.key join users u on u.id = k.user_id where u.deleted_at is null ${order}`,
};
for (const [name, sql] of Object.entries(variants)) {
  const s = db.prepare(sql).raw(true);
  let n; for (let i = 0; i < 50; i++) n = s.all(params).length;
  let best = Infinity;
  for (let r = 0; r < 7; r++) { const t = process.cpuUsage(); for (let i = 0; i < 100; i++) s.all(params); const u = process.cpuUsage(t); best = Math.min(best, (u.user + u.system) / 100); }
  console.log(`${best.toFixed(0).padStart(6)} µs rows=${n} ${name}`);
  if (process.env.PLAN) console.log(db.prepare('explain query plan ' + sql).all(params).map((r) => '   ' + r.detail).join('\n'));
}
