import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Lexicon, similarity, startingWith, trigrams } from './lexicon';

describe('the vocabulary in memory', () => {
  it('counts trigrams as pg_trgm does: words padded with two spaces before and one after', () => {
    assert.deepEqual([...trigrams('Кот')], ['  к', ' ко', 'кот', 'от ']);
    // pg_trgm: similarity('эрмитж', 'эрмитаж') = 0.5, similarity('казань', 'казань') = 1
    assert.equal(similarity('эрмитж', 'эрмитаж'), 0.5);
    assert.equal(similarity('казань', 'казань'), 1);
    assert.equal(similarity('', 'казань'), 0);
  });

  it('finds the words a prefix starts in a sorted list', () => {
    assert.deepEqual([...startingWith(['ка', 'каз', 'казань', 'кам', 'кр'], 'каз')], ['каз', 'казань']);
    assert.deepEqual([...startingWith(['а', 'б'], 'в')], []);
  });

  it('corrects, completes and knows words; a synonym outranks a word as close', () => {
    const lexicon = new Lexicon(
      3,
      [
        { term: 'казань', lexeme: 'казан', weight: 40 },
        { term: 'казанский', lexeme: 'казанск', weight: 5 },
        { term: 'эрмитаж', lexeme: 'эрмитаж', weight: 12 },
      ],
      [{ term: 'казанка', expansion: 'казань' }],
    );
    assert.equal(lexicon.completion('каз'), 'казань', 'the most used');
    assert.equal(lexicon.completion('эрм'), 'эрмитаж');
    assert.equal(lexicon.completion('мос'), null);
    assert.equal(lexicon.corrections('эрмитж')[0]?.term, 'эрмитаж');
    assert.equal(lexicon.corrections('эрмитж')[0]?.sim, 0.5);
    assert.deepEqual(lexicon.corrections('казанкк')[0], { term: 'казанка', sim: similarity('казанкк', 'казанка'), expansion: 'казань' });
    assert.deepEqual(lexicon.corrections('москва'), []);
    assert.equal(lexicon.known('казани', 'казан'), true, 'a form of a known word');
    assert.equal(lexicon.known('казанка', null), true, 'a synonym');
    assert.equal(lexicon.known('казна', 'казн'), false);
    assert.deepEqual(lexicon.synonymsOf('казанка'), ['казань']);
  });
});
