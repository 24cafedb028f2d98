import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatAuthorName } from './messages';
import { chatNotice } from './notice';

describe('who writes in an order chat', () => {
  it('a partner account writing for a guide of another name says both; one name when they are the same', () => {
    assert.equal(chatAuthorName('Михаил Орлов', 'Ольга Орлова'), 'Михаил Орлов (организатор; гид — Ольга Орлова)');
    assert.equal(chatAuthorName('Ольга Орлова', 'Ольга Орлова'), 'Ольга Орлова');
    assert.equal(chatAuthorName('Михаил Орлов', null), 'Михаил Орлов');
  });

  it('the customer’s notification names the author the same way', () => {
    const sender = { id: 5, name: 'Михаил Орлов', avatar_path: null, user_type: 'partner' as const, display_name: chatAuthorName('Михаил Орлов', 'Ольга Орлова') };
    const notice = chatNotice({ orderId: 12, messageId: 3, text: 'Встречаемся у входа', sender, receiverId: 9 });
    assert.equal(notice.text, 'Михаил Орлов (организатор; гид — Ольга Орлова) пишет по заказу №12: «Встречаемся у входа»');
  });
});
