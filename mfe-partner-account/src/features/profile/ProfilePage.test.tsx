import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PartnerProfile } from '@excursio/shared';
import { renderAccount, signInAs } from '../../testing/renderAccount';
import { ok, unprocessable } from '../../testing/misc';
import { checkForm } from './ProfilePage';
import { profileCalls } from './profileCalls';

const PROFILE: PartnerProfile = {
  public_name: 'Орлов Тур',
  about: 'Гиды.',
  languages: ['ru'],
  photo_url: '/api/media/guide/orlov-tur/1.svg',
  guide_slug: 'orlov-tur',
  contact_phone: '79990000002',
  contact_email: '',
  traveller_phone: '',
  legal_type: 'individual',
  legal_name: '',
  inn: '',
};

beforeEach(() => signInAs());
afterEach(() => jest.restoreAllMocks());

describe('partner profile page', () => {
  it('shows the profile in a labelled form, with a link to the guide page', async () => {
    jest.spyOn(profileCalls, 'profile').mockResolvedValue(ok(PROFILE));
    renderAccount('/account/partner/profile');
    expect(await screen.findByLabelText('Имя или название')).toHaveValue('Орлов Тур');
    expect(screen.getByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByLabelText('О себе')).toHaveValue('Гиды.');
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7 (999) 000-00-02');
    expect(screen.getByRole('checkbox', { name: 'Русский' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'открыть страницу' })).toHaveAttribute('href', '/excursion/guides/orlov-tur');
    expect(screen.getByRole('img', { name: 'Фото на странице гида' })).toBeInTheDocument();
  });

  it('checks the INN’s control digits and the e-mail before sending, the error tied to its field', async () => {
    jest.spyOn(profileCalls, 'profile').mockResolvedValue(ok(PROFILE));
    const save = jest.spyOn(profileCalls, 'save');
    renderAccount('/account/partner/profile');
    fireEvent.change(await screen.findByLabelText('ИНН'), { target: { value: '500100732258' } });
    fireEvent.change(screen.getByLabelText('ФИО полностью'), { target: { value: 'Орлов Михаил Петрович' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'guide@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const innError = await screen.findByText('ИНН с ошибкой: не сходятся контрольные цифры.');
    expect(screen.getByLabelText('ИНН').getAttribute('aria-describedby')).toContain(innError.id);
    expect(screen.getByText('E-mail указан с ошибкой.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
  });

  it('saves the profile and shows the api’s field errors', async () => {
    jest.spyOn(profileCalls, 'profile').mockResolvedValue(ok(PROFILE));
    const save = jest
      .spyOn(profileCalls, 'save')
      .mockRejectedValueOnce(unprocessable({ contact_phone: ['Телефон указан с ошибкой.'] }))
      .mockResolvedValueOnce(ok({ ...PROFILE, about: 'Авторские прогулки.', languages: ['ru', 'en'] }));
    renderAccount('/account/partner/profile');
    fireEvent.change(await screen.findByLabelText('О себе'), { target: { value: 'Авторские прогулки.' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Английский' }));
    fireEvent.change(screen.getByLabelText('Форма'), { target: { value: 'company' } });
    fireEvent.change(screen.getByLabelText('Название организации'), { target: { value: 'ООО «Орлов Тур»' } });
    fireEvent.change(screen.getByLabelText('ИНН'), { target: { value: '7707083893' } });
    fireEvent.change(screen.getByLabelText('Телефон для путешественников'), { target: { value: '+7 916 555-44-33' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Телефон указан с ошибкой.')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({
      public_name: 'Орлов Тур',
      about: 'Авторские прогулки.',
      languages: ['ru', 'en'],
      contact_phone: '+7 (999) 000-00-02',
      contact_email: '',
      traveller_phone: '+7 916 555-44-33',
      legal_type: 'company',
      legal_name: 'ООО «Орлов Тур»',
      inn: '7707083893',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Сохранено'));
  });

  it('uploads a portrait for the guide page; a refused file is explained', async () => {
    jest.spyOn(profileCalls, 'profile').mockResolvedValue(ok(PROFILE));
    jest
      .spyOn(profileCalls, 'upload')
      .mockRejectedValueOnce(unprocessable({ photo: ['Это не изображение: загрузите фото в формате JPEG, PNG, WebP или HEIC.'] }))
      .mockResolvedValueOnce(ok({ id: 9, preset: 'portrait' as const, width: 400, height: 400, url: '/api/media/u/abc/400.webp', fallback_url: '/api/media/u/abc/400.jpg', srcset: '' }));
    const setPhoto = jest.spyOn(profileCalls, 'setPhoto').mockResolvedValue(ok({ ...PROFILE, photo_url: '/api/media/u/abc/400.webp' }));
    renderAccount('/account/partner/profile');
    const input = await screen.findByLabelText('Загрузить фото');
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText(/Это не изображение/)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(setPhoto).toHaveBeenCalledWith(9));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Фото на странице гида' }).getAttribute('src')).toMatch(/\/api\/media\/u\/abc\/400\.webp$/));
  });

  it('the form’s rules', () => {
    const base = { public_name: 'Орлов', about: '', languages: ['ru'], contact_phone: '+7 999 000-00-02', contact_email: '', legal_type: 'individual' as const, legal_name: '', inn: '' };
    expect(checkForm(base)).toEqual({});
    expect(checkForm({ ...base, inn: '7707083893' }).inn).toBe('ИНН физического лица — 12 цифр.');
    expect(checkForm({ ...base, legal_type: 'company', inn: '7707083893' })).toEqual({ legal_name: 'Укажите название организации.' });
    expect(checkForm({ ...base, languages: [] }).languages).toBe('Выберите хотя бы один язык.');
    expect(checkForm({ ...base, traveller_phone: '12' })).toEqual({ traveller_phone: 'Телефон указан с ошибкой.' });
    expect(checkForm({ ...base, traveller_phone: '+7 916 555-44-33' })).toEqual({});
    expect(checkForm({ ...base, contact_phone: '123' }).contact_phone).toBe('Телефон указан с ошибкой.');
  });
});
