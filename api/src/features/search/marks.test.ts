import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markAll, markerOf, snippetOf, type LexemeOf } from './marks';
import { NOTHING, type Understood } from './understand';

// The vocabulary's lexemes (search_terms) of the words used here, as the russian stemmer makes them.
const LEXEMES: Record<string, string> = {
  казань: 'казан', казани: 'казан', казанский: 'казанск', кремль: 'кремл', ремесла: 'ремесл', мастерские: 'мастерск',
  санкт: 'санкт', петербург: 'петербург', петербурга: 'петербург', музей: 'музе', усадьба: 'усадьб', один: 'один',
  день: 'ден', москва: 'москв', москвы: 'москв', чак: 'чак', чаку: 'чак',
};
const lexemeOf: LexemeOf = (w) => LEXEMES[w];
const understood = (groups: { text: string; prefix?: boolean }[][], stopWords: string[] = []): Understood => ({
  ...NOTHING,
  alternatives: groups,
  lexemes: new Map(groups.flat().map((a) => [a.text, lexemeOf(a.text) ?? a.text])),
  stopWords: new Set(stopWords),
});
const marked = (parts: { text: string; match: boolean }[]) => parts.filter((p) => p.match).map((p) => p.text);

describe('search marks', () => {
  it('marks the word forms of the query in a title, in its original spelling, and keeps the whole text', () => {
    const marker = markerOf(understood([[{ text: 'казани' }]]), lexemeOf);
    const parts = markAll('Казань за один день: Казанский кремль', marker, lexemeOf);
    assert.deepEqual(marked(parts), ['Казань']);
    assert.equal(parts.map((p) => p.text).join(''), 'Казань за один день: Казанский кремль');
    const yo = markerOf(understood([[{ text: 'ремесла' }], [{ text: 'мастерские' }]]), lexemeOf);
    assert.deepEqual(marked(markAll('Ремёсла и мастерские Гарни', yo, lexemeOf)), ['Ремёсла', 'мастерские']);
  });

  it('marks the parts of a hyphenated word, as the parser does, and a word being typed as a prefix', () => {
    const spb = markerOf(understood([[{ text: 'питер' }, { text: 'санкт-петербург' }]]), lexemeOf);
    assert.deepEqual(marked(markAll('Купцы Санкт-Петербурга', spb, lexemeOf)), ['Санкт', 'Петербурга']);
    const museum = markerOf(understood([[{ text: 'музей' }]]), lexemeOf);
    assert.deepEqual(marked(markAll('Музей-усадьба Дуровой', museum, lexemeOf)), ['Музей']);
    const typing = markerOf(understood([[{ text: 'моск', prefix: true }]]), lexemeOf);
    assert.deepEqual(marked(markAll('Храмы Москвы', typing, lexemeOf)), ['Москвы']);
  });

  it('marks nothing for a word the dictionary drops (a stop word)', () => {
    const marker = markerOf(understood([[{ text: 'один' }], [{ text: 'день' }]], ['один']), lexemeOf);
    assert.deepEqual(marked(markAll('Москва за один день', marker, lexemeOf)), ['день']);
  });

  it('cuts a snippet of at most 22 words around the marked words, only when the text holds the query', () => {
    const text = `${'слово '.repeat(40)}мастер-класс по чак-чаку и ${'слово '.repeat(40)}конец`;
    const marker = markerOf(understood([[{ text: 'чак-чак' }]]), lexemeOf);
    const parts = snippetOf(text, marker, lexemeOf, true);
    assert.deepEqual(marked(parts), ['чак', 'чаку']);
    const shown = parts.map((p) => p.text).join('');
    assert.ok(shown.split(/[\s-]+/).length <= 22, shown);
    assert.ok(text.includes(shown));
    const both = markerOf(understood([[{ text: 'чак-чак' }], [{ text: 'казани' }]]), lexemeOf);
    assert.deepEqual(snippetOf(text, both, lexemeOf, true), [], 'every word when all must match');
    assert.deepEqual(marked(snippetOf(text, both, lexemeOf, false)), ['чак', 'чаку'], 'one of them when any may');
  });
});
