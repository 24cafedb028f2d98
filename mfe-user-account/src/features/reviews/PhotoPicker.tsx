import { useId, useState, type ChangeEvent } from 'react';
import type { UploadedImage } from '@excursio/shared';
import { REVIEW_PHOTOS_MAX } from '@excursio/shared/contracts';
import { failureText, fieldErrors } from '@excursio/shared/ui';
import { localPhotoProblem, uploadCalls } from '../../components/uploads';

interface PhotoPickerProps {
  photos: UploadedImage[];
  onChange: (photos: UploadedImage[]) => void;
  error?: string | undefined;
}

/** Up to 5 photos for a review: uploaded as they are chosen, shown as thumbnails, each removable. */
export function PhotoPicker({ photos, onChange, error }: PhotoPickerProps) {
  const inputId = useId();
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const room = REVIEW_PHOTOS_MAX - photos.length;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setProblem(null);
    if (files.length > room) setProblem(`Можно добавить ещё ${room} из ${REVIEW_PHOTOS_MAX} фото.`);
    let next = photos;
    for (const file of files.slice(0, room)) {
      const local = localPhotoProblem(file);
      if (local) {
        setProblem(local);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const uploaded = (await uploadCalls.uploadImage(file, 'photo')).data;
        next = [...next, uploaded];
        onChange(next);
      } catch (failure) {
        setProblem(fieldErrors(failure).photo ?? failureText(failure));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const shown = problem ?? error;
  return (
    <div className="ua-photos">
      <span className="ex-ui-label" id={`${inputId}-label`}>
        Фото (необязательно, до {REVIEW_PHOTOS_MAX})
      </span>
      {photos.length > 0 && (
        <ul className="ua-photos__list" aria-labelledby={`${inputId}-label`}>
          {photos.map((photo, i) => (
            <li key={photo.id} className="ua-photos__item">
              <img src={photo.fallback_url} srcSet={photo.srcset} sizes="96px" alt={`Фото ${i + 1}`} width={96} height={72} />
              <button type="button" className="ua-photos__remove" aria-label={`Убрать фото ${i + 1}`} onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <label className="ex-ui-button ex-ui-button--secondary ex-ui-upload" htmlFor={inputId}>
          {uploading > 0 ? 'Загружаем…' : 'Добавить фото'}
          <input
            id={inputId}
            className="ex-ui-sr"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
            multiple
            onChange={choose}
            aria-describedby={shown ? `${inputId}-error` : undefined}
          />
        </label>
      )}
      {uploading > 0 && (
        <output className="ex-ui-hint">
          Загружаем фото…
        </output>
      )}
      {shown && (
        <p id={`${inputId}-error`} className="ex-ui-error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
