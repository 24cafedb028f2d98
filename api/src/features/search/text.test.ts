import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentWords, otherLayout, transliterate, words } from './text';
import { editDistance, readings } from './understand';

describe('search text', () => {
  it('reads words in search form: lowercase, ё = е, hyphenated words whole, punctuation and control characters dropped', () => {
    assert.deepEqual(words('Чёртово  городище, Санкт-Петербург!\u0000 a&|!'), ['чертово', 'городище', 'санкт-петербург', 'a']);
    assert.deepEqual(words('x'.repeat(10_000)).length, 1);
    assert.deepEqual(words("'; drop table excursions; --"), ['drop', 'table', 'excursions']);
  });

  it('drops stop words unless nothing else is left', () => {
    assert.deepEqual(contentWords('Экскурсии по Казани в мае'), ['казани', 'мае']);
    assert.deepEqual(contentWords('экскурсия'), ['экскурсия']);
  });

  it('reads the other keyboard layout both ways, punctuation keys as letters', () => {
    assert.equal(otherLayout('rfpfym'), 'казань');
    assert.equal(otherLayout("'hvbnf;"), 'эрмитаж');
    assert.equal(otherLayout('n,bkbcb'), 'тбилиси');
    assert.equal(otherLayout('лфяфт'), 'kazan');
  });

  it('does not read the other layout when it breaks a word apart (its punctuation keys are letters here)', () => {
    const kinds = (text: string) => readings(text).map((r) => `${r.kind}: ${r.words.join(' ')}`);
    // «щъбвбцхфц» is «o],d,w[aw» on the Latin keys: «д ав» once matched 43 excursions
    assert.deepEqual(kinds('щъбвбцхфц'), ['typed: щъбвбцхфц']);
    assert.deepEqual(kinds('лфяфт'), ['typed: лфяфт', 'layout: kazan', 'translit: казан']);
    // typed on the Latin keys, the punctuation keys are letters of one Russian word
    assert.deepEqual(kinds('n,bkbcb')[0], 'typed: n bkbcb');
    assert.ok(kinds('n,bkbcb').includes('layout: тбилиси'));
  });

  it('reads Latin as Russian', () => {
    assert.equal(transliterate('sankt-peterburg'), 'санкт-петербург');
    assert.equal(transliterate('nizhniy novgorod'), 'нижний новгород');
    assert.equal(transliterate('ermitazh'), 'эрмитаж'.replace('э', 'е'));
    assert.equal(transliterate('shchuka yaroslavl'), 'щука ярославл');
  });

  it('counts edits with transpositions as one', () => {
    assert.equal(editDistance('эрмитж', 'эрмитаж'), 1);
    assert.equal(editDistance('казнаь', 'казань'), 1);
    assert.equal(editDistance('париж', 'парк'), 2);
    assert.equal(editDistance('', 'абв'), 3);
  });
});
