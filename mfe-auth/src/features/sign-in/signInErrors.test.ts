import { ApiError } from '@excursio/shared';
import { describeSignInFailure } from './signInErrors';

describe('sign-in failures', () => {
  it('maps the server phone-format message to the Russian field error', () => {
    expect(describeSignInFailure(new ApiError(422, 'The phone field format is invalid.'))).toEqual({
      field: 'Введите корректный номер телефона',
    });
    expect(
      describeSignInFailure(new ApiError(422, 'The given data was invalid.', { phone: ['The phone field format is invalid.'] })),
    ).toEqual({ field: 'Введите корректный номер телефона' });
  });

  it('sends other failures to a toast with the server message', () => {
    expect(describeSignInFailure(new ApiError(422, 'The phone field is required.'))).toEqual({ toast: 'The phone field is required.' });
    expect(describeSignInFailure(new ApiError(500, 'Ошибка сервера (500)'))).toEqual({ toast: 'Ошибка сервера (500)' });
    expect(describeSignInFailure(new Error('boom'))).toEqual({ toast: 'Не удалось отправить запрос. Попробуйте ещё раз.' });
  });
});
