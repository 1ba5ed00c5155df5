// Renders section results as Markdown. A section result:
//   { title, intro?, tables: [{ caption?, columns, rows }], goals: [{ name, goal, figure, met: true|false|'noise'|null,
//     enforced?, bound?, noise?, note?, reported? }], notes: [string] }
// A ratio's `met` comes from stats.mjs's `judge`: 'noise' when the goal lies inside the run's own spread (the
// interquartile range of its per-round ratios), which reads "inside noise", neither met nor missed.

const cell = (v) =>
  String(v ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

export function table({ caption, columns, rows }) {
  const out = [];
  if (caption) out.push(`**${caption}**`, '');
  out.push(`| ${columns.map(cell).join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`);
  for (const r of rows) out.push(`| ${r.map(cell).join(' | ')} |`);
  return out.join('\n');
}

export const verdictText = (g) =>
  g.met === true
    ? 'met'
    : g.met === false
      ? '**missed**'
      : g.met === 'noise'
        ? 'inside noise'
        : g.reported
          ? 'reported'
          : 'not measured';

export function goalsTable(goals) {
  return table({
    columns: ['goal', 'target', 'measured', 'verdict', 'what bounds it / note'],
    rows: goals.map((g) => [
      g.name + (g.enforced ? ' (enforced)' : ''),
      g.goal,
      g.figure,
      verdictText(g),
      g.met === true
        ? (g.note ?? '')
        : g.met === 'noise'
          ? (g.noise ?? g.bound ?? g.note ?? '')
          : (g.bound ?? g.note ?? ''),
    ]),
  });
}

export function section(result, heading = '##') {
  const out = [`${heading} ${result.title}`, ''];
  if (result.error) out.push(`Section failed: \`${cell(result.error)}\``, '');
  if (result.intro) out.push(result.intro, '');
  for (const t of result.tables ?? []) out.push(table(t), '');
  if (result.goals?.length) out.push(goalsTable(result.goals), '');
  for (const n of result.notes ?? []) out.push(`- ${n}`);
  if (result.notes?.length) out.push('');
  if (result.seconds !== undefined) out.push(`<sub>section time ${result.seconds.toFixed(1)} s</sub>`, '');
  return out.join('\n');
}
