import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from '@excursio/shared/router';
import { apiUrl, bus, type LegalType, type PartnerProfile, type PartnerProfileBody } from '@excursio/shared';
import { contactPhoneDigits, emailIsValid, formatPhone, innProblem } from '@excursio/shared/phone';
import { AccountPage } from '../../components/AccountPage';
import { Field, fieldErrors, failureText, LoadError, Skeleton, useAction } from '../../components/ui';
import { useLoad } from '../../components/useLoad';
import { localPhotoProblem, PHOTO_ACCEPT } from '@excursio/shared/ui';
import { profileCalls } from './profileCalls';
import './profile.css';

export const LANGUAGES: { code: string; name: string }[] = [
  { code: 'ru', name: 'Русский' },
  { code: 'en', name: 'Английский' },
  { code: 'de', name: 'Немецкий' },
  { code: 'fr', name: 'Французский' },
  { code: 'es', name: 'Испанский' },
  { code: 'it', name: 'Итальянский' },
  { code: 'zh', name: 'Китайский' },
  { code: 'ka', name: 'Грузинский' },
  { code: 'hy', name: 'Армянский' },
  { code: 'uz', name: 'Узбекский' },
  { code: 'tr', name: 'Турецкий' },
  { code: 'ar', name: 'Арабский' },
];

const LEGAL_TYPES: { value: LegalType; label: string }[] = [
  { value: 'individual', label: 'Индивидуальный предприниматель' },
  { value: 'self_employed', label: 'Самозанятый' },
  { value: 'company', label: 'Организация (ООО, АО)' },
];

const ABOUT_MAX = 3000;

/** The form's own checks (the same rules the api applies; its answer is shown too). */
export function checkForm(form: PartnerProfileBody): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.public_name.trim().length < 2) errors.public_name = 'Укажите имя, которое увидят путешественники.';
  if (form.about.length > ABOUT_MAX) errors.about = `Не больше ${ABOUT_MAX} символов.`;
  if (form.languages.length === 0) errors.languages = 'Выберите хотя бы один язык.';
  if (!form.contact_phone.trim()) errors.contact_phone = 'Укажите телефон для связи.';
  else if (!contactPhoneDigits(form.contact_phone)) errors.contact_phone = 'Телефон указан с ошибкой.';
  const email = form.contact_email.trim();
  if (email && !emailIsValid(email)) errors.contact_email = 'E-mail указан с ошибкой.';
  const travellerPhone = (form.traveller_phone ?? '').trim();
  if (travellerPhone && !contactPhoneDigits(travellerPhone)) errors.traveller_phone = 'Телефон указан с ошибкой.';
  const inn = form.inn.replace(/\s/g, '');
  const innMessage = innProblem(inn, form.legal_type);
  if (innMessage) errors.inn = innMessage;
  if (inn && !form.legal_name.trim()) {
    errors.legal_name = form.legal_type === 'company' ? 'Укажите название организации.' : 'Укажите ФИО полностью.';
  }
  return errors;
}

const toForm = (p: PartnerProfile): PartnerProfileBody => ({
  public_name: p.public_name,
  about: p.about,
  languages: p.languages,
  contact_phone: p.contact_phone ? formatPhone(p.contact_phone) : '',
  contact_email: p.contact_email,
  traveller_phone: p.traveller_phone ? formatPhone(p.traveller_phone) : '',
  legal_type: p.legal_type,
  legal_name: p.legal_name,
  inn: p.inn,
});

function ProfileForm({ profile, onSaved }: { profile: PartnerProfile; onSaved: (p: PartnerProfile) => void }) {
  const [form, setForm] = useState<PartnerProfileBody>(() => toForm(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { busy: saving, run } = useAction();
  const [saved, setSaved] = useState(false);
  useEffect(() => setForm(toForm(profile)), [profile]);
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);
  useEffect(() => {
    // After a refused save, the first field with an error takes the focus.
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = <K extends keyof PartnerProfileBody>(key: K, value: PartnerProfileBody[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setSaved(false);
  };
  const toggleLanguage = (code: string, on: boolean) =>
    set('languages', on ? [...form.languages, code] : form.languages.filter((l) => l !== code));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkForm(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusError.current = true;
      return;
    }
    await run(
      async () => {
        const answer = (await profileCalls.save({ ...form, inn: form.inn.replace(/\s/g, '') })).data;
        onSaved(answer);
        setSaved(true);
        bus.emit('toast:show', { type: 'info', message: 'Профиль сохранён' });
      },
      {
        onError: (error) => {
          const fields = fieldErrors(error);
          focusError.current = true;
          setErrors(fields);
          if (Object.keys(fields).length === 0) setFailure(failureText(error));
        },
      },
    );
  };

  const languageError = errors.languages;
  return (
    <form ref={formRef} className="pa-profile" onSubmit={submit} noValidate>
      {failure && (
        <p className="ex-ui-alert" role="alert">
          {failure}
        </p>
      )}
      <section className="ex-ui-card pa-profile__section" aria-labelledby="pa-profile-public">
        <h2 id="pa-profile-public" className="pa-page__subtitle">
          Публичный профиль
        </h2>
        <p className="ex-ui-hint">
          Его видят путешественники на странице гида
          {profile.guide_slug && (
            <>
              {' '}
              (
              <Link to={`/excursion/guides/${profile.guide_slug}`} className="ex-ui-page__link">
                открыть страницу
              </Link>
              )
            </>
          )}
          .
        </p>
        <GuidePhoto profile={profile} onSaved={onSaved} />
        <Field label="Имя или название" error={errors.public_name}>
          {(props) => (
            <input {...props} className="ex-ui-input" value={form.public_name} maxLength={200} onChange={(e) => set('public_name', e.target.value)} />
          )}
        </Field>
        <Field label="О себе" hint={`Опыт, о чём ваши экскурсии. До ${ABOUT_MAX} символов.`} error={errors.about}>
          {(props) => (
            <textarea {...props} className="ex-ui-textarea" rows={6} value={form.about} onChange={(e) => set('about', e.target.value)} />
          )}
        </Field>
        <fieldset className="pa-profile__languages" aria-describedby={languageError ? 'pa-profile-languages-error' : undefined}>
          <legend className="ex-ui-label">Языки экскурсий</legend>
          <div className="pa-profile__chips">
            {LANGUAGES.map((l) => (
              <label key={l.code} className="pa-profile__chip">
                <input type="checkbox" checked={form.languages.includes(l.code)} onChange={(e) => toggleLanguage(l.code, e.target.checked)} />
                {l.name}
              </label>
            ))}
          </div>
          {languageError && (
            <p id="pa-profile-languages-error" className="ex-ui-error">
              {languageError}
            </p>
          )}
        </fieldset>
      </section>

      <section className="ex-ui-card pa-profile__section" aria-labelledby="pa-profile-day">
        <h2 id="pa-profile-day" className="pa-page__subtitle">
          Телефон в день экскурсии
        </h2>
        <p className="ex-ui-hint">
          Его видят только путешественники, оплатившие заказ: на странице заказа и в напоминании накануне. Оставьте пустым,
          если связь только через чат заказа.
        </p>
        <Field label="Телефон для путешественников" error={errors.traveller_phone}>
          {(props) => (
            <input {...props} type="tel" autoComplete="tel" className="ex-ui-input" value={form.traveller_phone ?? ''} onChange={(e) => set('traveller_phone', e.target.value)} />
          )}
        </Field>
      </section>

      <section className="ex-ui-card pa-profile__section" aria-labelledby="pa-profile-contacts">
        <h2 id="pa-profile-contacts" className="pa-page__subtitle">
          Контакты для сервиса
        </h2>
        <p className="ex-ui-hint">Путешественники их не видят: по ним с вами связывается служба поддержки.</p>
        <Field label="Телефон" error={errors.contact_phone}>
          {(props) => (
            <input {...props} type="tel" autoComplete="tel" className="ex-ui-input" value={form.contact_phone} onChange={(e) => set('contact_phone', e.target.value)} />
          )}
        </Field>
        <Field label="E-mail" error={errors.contact_email}>
          {(props) => (
            <input {...props} type="email" autoComplete="email" className="ex-ui-input" value={form.contact_email} onChange={(e) => set('contact_email', e.target.value)} />
          )}
        </Field>
      </section>

      <section className="ex-ui-card pa-profile__section" aria-labelledby="pa-profile-legal">
        <h2 id="pa-profile-legal" className="pa-page__subtitle">
          Реквизиты для чеков
        </h2>
        <Field label="Форма">
          {(props) => (
            <select {...props} className="ex-ui-select" value={form.legal_type} onChange={(e) => set('legal_type', e.target.value as LegalType)}>
              {LEGAL_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={form.legal_type === 'company' ? 'Название организации' : 'ФИО полностью'} error={errors.legal_name}>
          {(props) => (
            <input {...props} className="ex-ui-input" value={form.legal_name} maxLength={300} onChange={(e) => set('legal_name', e.target.value)} />
          )}
        </Field>
        <Field label="ИНН" hint={form.legal_type === 'company' ? '10 цифр' : '12 цифр'} error={errors.inn}>
          {(props) => (
            <input {...props} inputMode="numeric" autoComplete="off" className="ex-ui-input" value={form.inn} maxLength={14} onChange={(e) => set('inn', e.target.value)} />
          )}
        </Field>
      </section>

      <div className="pa-profile__actions">
        <button type="submit" className="ex-ui-button" disabled={saving}>
          {saving ? 'Сохраняем…' : 'Сохранить'}
        </button>
        <output className="pa-profile__saved">
          {saved ? 'Сохранено' : ''}
        </output>
      </div>
    </form>
  );
}

/** /account/partner/profile — the guide page's public part, contacts and legal details. */
/** The guide page's photo: a portrait uploaded here (resized, metadata removed) replaces it at once. */
function GuidePhoto({ profile, onSaved }: { profile: PartnerProfile; onSaved: (profile: PartnerProfile) => void }) {
  const inputId = useId();
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = localPhotoProblem(file);
    if (local) return setError(local);
    setError(null);
    await run(
      async () => {
        const image = (await profileCalls.upload(file, 'portrait')).data;
        onSaved((await profileCalls.setPhoto(image.id)).data);
      },
      {
        onError: (failure) => {
          const fields = fieldErrors(failure);
          setError(fields.photo ?? fields.image_id ?? failureText(failure));
        },
      },
    );
  };
  return (
    <div className="pa-profile__photo">
      {profile.photo_url && <img src={apiUrl(profile.photo_url)} alt="Фото на странице гида" width={96} height={96} />}
      <label className="ex-ui-button ex-ui-button--secondary ex-ui-upload" htmlFor={inputId}>
        {busy ? 'Загружаем…' : 'Загрузить фото'}
        <input id={inputId} className="ex-ui-sr" type="file" accept={PHOTO_ACCEPT} disabled={busy} onChange={choose} aria-describedby={error ? `${inputId}-error` : undefined} />
      </label>
      {error && (
        <p id={`${inputId}-error`} className="ex-ui-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function ProfilePage() {
  const loaded = useLoad('profile', async () => (await profileCalls.profile()).data);
  return (
    <AccountPage heading="Профиль">
      {loaded.error && !loaded.data ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !loaded.data ? (
        <Skeleton lines={3} height={160} />
      ) : (
        <ProfileForm profile={loaded.data} onSaved={loaded.set} />
      )}
    </AccountPage>
  );
}
