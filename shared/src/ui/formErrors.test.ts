import { ApiError } from '@excursio/shared';
import { formErrors } from './failures';

describe('formErrors', () => {
  it("gives the fields of a 422, or else the failure's Russian text as the form's own error", () => {
    expect(formErrors(new ApiError(422, 'The title field is required.', { title: ['Укажите название.'] }))).toEqual({ title: 'Укажите название.' });
    const other = formErrors(new ApiError(500, 'Server Error'));
    expect(Object.keys(other)).toEqual(['form']);
    expect(other.form).toMatch(/Сервис временно недоступен/);
  });
});
