/** Markdown nested thousands of levels deep, of each kind (hostile input: marked recurses once per level). */
export const DEEP_MARKDOWN = {
  quotes: '> '.repeat(3000) + 'deep',
  lists: Array.from({ length: 2000 }, (_, i) => ' '.repeat(2 * i) + '- item').join('\n'),
  emphasis: '*a '.repeat(3000) + 'deep' + ' b*'.repeat(3000),
  brackets: '['.repeat(3000) + 'deep' + ']'.repeat(3000),
};
