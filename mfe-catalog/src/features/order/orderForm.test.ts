import { ApiError } from '@excursio/shared';
import { excursionDetail, excursionEvent } from '../../testing/fixtures';
import { clearDraft, readDraft, saveDraft } from './orderDraft';
import { orderErrorsOf, PHONE_INVALID } from './orderErrors';
import { calendarEvents, isBookable, priceOf, seatLimit } from './orderPricing';

const event = excursionEvent({ id: 1, starts_at: '2026-05-01T08:00:00Z', seats_left: 3, capacity: 10 });

describe('order pricing', () => {
  it('prices per person by the event’s units', () => {
    const excursion = excursionDetail();
    const weekend = { ...event, price_units: [{ code: 'adult', name: 'Взрослый', price: 3000 }, { code: 'child', name: 'Детский', price: 1800 }] };
    expect(priceOf(excursion, weekend, { adult: 2, child: 1 })).toEqual({
      lines: [
        { label: 'Взрослый × 2', amount: 6000 },
        { label: 'Детский × 1', amount: 1800 },
      ],
      total: 7800,
    });
    expect(priceOf(excursion, weekend, { adult: 0, child: 0 }).total).toBe(0);
  });

  it('prices a group once, whatever the number of people', () => {
    const excursion = excursionDetail({ price_type: 'per_group', price: 9000, price_units: [{ code: 'group', name: 'Группа до 6 человек', price: 9000 }] });
    const slot = { ...event, price: 9000, price_units: [{ code: 'group', name: 'Группа до 6 человек', price: 9000 }] };
    expect(priceOf(excursion, slot, { group: 4 })).toEqual({ lines: [{ label: 'Группа до 6 человек, 4 чел.', amount: 9000 }], total: 9000 });
  });

  it('limits people by the seats left of a group slot and by the group size', () => {
    expect(seatLimit(excursionDetail({ group_size_max: 10 }), event)).toBe(3);
    expect(seatLimit(excursionDetail({ group_size_max: 2 }), event)).toBe(2);
    expect(seatLimit(excursionDetail({ format: 'individual', group_size_max: 6 }), { ...event, seats_left: 10 })).toBe(6);
  });

  it('offers an individual slot only while it is wholly free', () => {
    const individual = excursionDetail({ format: 'individual', group_size_max: 4 });
    expect(isBookable(individual, { ...event, seats_left: 10 })).toBe(true);
    expect(isBookable(individual, { ...event, seats_left: 3 })).toBe(false);
    expect(calendarEvents(individual, [{ ...event, seats_left: 3 }, { ...event, id: 2, seats_left: 10 }]).map((e) => e.seats_left)).toEqual([0, 4]);
  });
});


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

describe('order errors', () => {
  it('puts api messages on their fields, in Russian', () => {
    const error = new ApiError(422, 'The contact phone field format is invalid.', {
      contact_phone: ['The contact phone field format is invalid.'],
      contact_name: ['The contact name field is required.'],
      'participants.0.code': ['Такой категории участников у экскурсии нет.'],
      event_id: ['Это время уже прошло. Выберите другое.'],
    });
    expect(orderErrorsOf(error)).toEqual({
      phone: PHONE_INVALID,
      name: 'Укажите имя, на которое оформить заказ',
      participants: 'Такой категории участников у экскурсии нет.',
      event: 'Это время уже прошло. Выберите другое.',
    });
  });

  it('shows a conflict on the event and anything else as one message', () => {
    expect(orderErrorsOf(new ApiError(409, 'Мест нет', { event_id: ['Мест нет'] }))).toEqual({ event: 'Мест нет' });
    expect(orderErrorsOf(new ApiError(500, 'Internal Server Error'))).toEqual({ form: 'Не удалось оформить заказ. Попробуйте ещё раз.' });
    expect(orderErrorsOf(new ApiError(0, 'Нет связи с сервером.'))).toEqual({ form: 'Нет связи с сервером.' });
  });
});
