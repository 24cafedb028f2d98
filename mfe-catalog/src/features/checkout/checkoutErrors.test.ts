import { ApiError } from '@excursio/shared';
import { orderErrorsOf, PHONE_INVALID } from './checkoutErrors';

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
