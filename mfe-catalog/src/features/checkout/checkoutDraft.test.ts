import { clearDraft, readDraft, saveDraft } from './checkoutDraft';

describe('order draft', () => {
  it('keeps what was typed per excursion for the session', () => {
    saveDraft(10, { eventId: 5, counts: { adult: 2 }, name: 'Анна', phone: '+7 999', comment: 'С коляской' });
    expect(readDraft(10)).toEqual({ eventId: 5, counts: { adult: 2 }, name: 'Анна', phone: '+7 999', comment: 'С коляской' });
    expect(readDraft(11)).toBeNull();
    clearDraft(10);
    expect(readDraft(10)).toBeNull();
  });

  it('survives a broken stored value', () => {
    sessionStorage.setItem('excursio:order-draft:12', '{oops');
    expect(readDraft(12)).toBeNull();
  });
});
